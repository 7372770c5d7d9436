import "server-only";
import type { ConnectionConfig, DiagnosisStep } from "@/lib/contracts/connections";
import { diagnoseRemote } from "@/lib/server/mcp/doctor/remote";
import { diagnoseStdio } from "@/lib/server/mcp/doctor/stdio";
import { MODERN_REVISION } from "@/lib/protocols/mcp/eras";
import type { DiagnoseOptions } from "@/lib/server/mcp/doctor/steps";

/**
 * The connection doctor: checks a connection step by step (spawn → initialize for stdio; dns →
 * tcp → http → auth → protocol for remote servers), each found in one plain sentence, and stops at
 * the first failing step. It probes independently of the SDK client, so it can name the layer a
 * connect attempt failed at (the official inspector's "opaque connection failures").
 */

/** The steps at which a server refuses the initialize handshake (stdio: initialize/protocol; HTTP: http/protocol). */
const HANDSHAKE_STEPS: ReadonlySet<string> = new Set(["initialize", "http", "protocol"]);

export async function diagnose(config: ConnectionConfig, opts: DiagnoseOptions = {}): Promise<DiagnosisStep[]> {
  const run = (c: ConnectionConfig) => (c.transport === "stdio" ? diagnoseStdio(c) : diagnoseRemote(c, opts));
  const steps = await run(config);
  // An `auto` connection speaks 2026-07-28 to a server that offers it through server/discover,
  // never sending initialize: a server that only refuses the handshake is fine for it. Asked
  // again with server/discover, and when that passes every step, that is the verdict (saying so).
  // Only when the server answered and refused the handshake: an unreachable server or a silent one
  // is not asked twice (that would double the doctor's wait).
  const refused = steps.find((s) => !s.ok);
  if ((config.protocolEra ?? "auto") !== "auto" || !refused || !HANDSHAKE_STEPS.has(refused.step) || /^No answer/.test(refused.detail)) {
    return steps;
  }
  const modern = await run({ ...config, protocolEra: MODERN_REVISION });
  if (!modern.every((s) => s.ok)) return steps;
  const last = modern.at(-1)!;
  return [
    ...modern.slice(0, -1),
    { ...last, detail: `${last.detail} (it refuses initialize — ${refused.detail} — which an auto connection does not need)` },
  ];
}

export { authStep, classifyHttpAnswer, firstSseData, parseWwwAuthenticate } from "@/lib/server/mcp/doctor/http";
export type { HttpAnswer, HttpVerdict, WwwAuthenticate } from "@/lib/server/mcp/doctor/http";
export { initializeAnswerStep, initializeRequest } from "@/lib/server/mcp/doctor/initialize";
export type { InitializeVerdict } from "@/lib/server/mcp/doctor/initialize";
export type { DiagnoseOptions, StepVerdict } from "@/lib/server/mcp/doctor/steps";
export { resolveCommand } from "@/lib/server/mcp/doctor/stdio";
export { networkWords, quote } from "@/lib/server/mcp/doctor/words";
