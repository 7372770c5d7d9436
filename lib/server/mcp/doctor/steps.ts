import "server-only";
import type { ConnectionConfig, DiagnosisStep } from "@/lib/contracts/connections";

/** Pieces every doctor check shares: the step collector, the verdict shape and the time limits. */

export type StdioConfig = Extract<ConnectionConfig, { transport: "stdio" }>;
export type RemoteConfig = Exclude<ConnectionConfig, { transport: "stdio" }>;

export const STEP_TIMEOUT_MS = 5_000;

export interface DiagnoseOptions {
  /** The stored OAuth access token of the connection, sent as the SDK would (else a 401 blames auth wrongly). */
  bearerToken?: string;
}

export class Steps {
  readonly list: DiagnosisStep[] = [];
  add(step: DiagnosisStep["step"], ok: boolean, detail: string, started: number): boolean {
    this.list.push({ step, ok, detail, ms: Math.round(performance.now() - started) });
    return ok;
  }
}

export interface StepVerdict {
  ok: boolean;
  detail: string;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`${what} timed out`), { code: "ETIMEDOUT" })), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}
