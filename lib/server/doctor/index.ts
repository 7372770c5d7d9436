import "server-only";
import type { ConnectionConfig, DiagnosisStep } from "@/lib/contracts/connections";
import { diagnoseRemote } from "@/lib/server/doctor/remote";
import { diagnoseStdio } from "@/lib/server/doctor/stdio";

/**
 * The connection doctor: checks a connection step by step (spawn → initialize for stdio; dns →
 * tcp → http → auth → protocol for remote servers), each found in one plain sentence, and stops at
 * the first failing step. It probes independently of the SDK client, so it can name the layer a
 * connect attempt failed at (the official inspector's "opaque connection failures").
 */

export interface DiagnoseOptions {
  /** The stored OAuth access token of the connection, sent as the SDK would (else a 401 blames auth wrongly). */
  bearerToken?: string;
}

export async function diagnose(config: ConnectionConfig, opts: DiagnoseOptions = {}): Promise<DiagnosisStep[]> {
  return config.transport === "stdio" ? diagnoseStdio(config) : diagnoseRemote(config, opts);
}

export { authStep, classifyHttpAnswer, firstSseData, parseWwwAuthenticate } from "@/lib/server/doctor/http";
export type { HttpAnswer, HttpVerdict, WwwAuthenticate } from "@/lib/server/doctor/http";
export { initializeAnswerStep, initializeRequest } from "@/lib/server/doctor/initialize";
export type { InitializeVerdict } from "@/lib/server/doctor/initialize";
export type { StepVerdict } from "@/lib/server/doctor/steps";
export { resolveCommand } from "@/lib/server/doctor/stdio";
export { networkWords, quote } from "@/lib/server/doctor/words";
