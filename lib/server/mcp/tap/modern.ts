import "server-only";
import { randomUUID } from "node:crypto";
import type { CallRecord } from "@/lib/contracts/calls";
import { isRecord } from "@/lib/values";

/**
 * A tapped tools/call of a 2026-07-28 client that needs input from that client. The revision has
 * no server→client requests: the tap answers the client's tools/call with an `input_required`
 * result naming what the upstream server asked (sampling, elicitation, roots), and the client
 * retries the call with `inputResponses` and the `requestState` (this flow's id). Meanwhile the
 * upstream call keeps running: its request handler in Loupe's client waits on `ask()`.
 *
 * A flow lives from the first leg to the upstream call's end; a client that never comes back
 * (no retry within ABANDON_MS) or whose leg closes while waiting cancels the upstream call.
 */

/** A client that left a round unanswered this long is gone: the upstream call is cancelled. */
export const ABANDON_MS = 10 * 60_000;

interface Asked {
  key: string;
  method: string;
  params: Record<string, unknown>;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/** How the upstream request of a flow ended: a tools/call's record, or another request's result. */
export type FlowEnd = { kind: "call"; record: CallRecord } | { kind: "result"; result: Record<string, unknown> };

export type FlowStep =
  | { kind: "done"; value: FlowEnd }
  | { kind: "input"; requests: Record<string, { method: string; params: Record<string, unknown> }>; requestState: string };

/** How long a round waits for the upstream's other questions of the same round. */
const SIBLINGS_MS = 20;

export class ModernFlow {
  readonly id = randomUUID();
  /** Aborting it cancels the upstream call (the CallRunner's caller signal). */
  readonly controller = new AbortController();
  private readonly asked = new Map<string, Asked>();
  private wake: (() => void) | null = null;
  private value: FlowEnd | null = null;
  private failure: unknown = null;
  private abandonTimer: NodeJS.Timeout | null = null;
  private counter = 0;
  /** Each input_required round gets its own requestState (`<flow id>.<round>`): an old one is refused. */
  private round = 0;
  private legs = 0;
  /** The current leg's progress sink (each retry carries its own progress token). */
  progress: ((p: { progress: number; total?: number; message?: string }) => void) | undefined;
  /** The current leg's stream, for the upstream's log messages during the call. */
  relay: ((notification: { method: string; params: Record<string, unknown> }) => void) | undefined;

  constructor(
    readonly tapId: string,
    private readonly onEnd: (flow: ModernFlow) => void,
  ) {}

  /** Starts the upstream call; its server requests come back through ask(). */
  run(call: (signal: AbortSignal) => Promise<FlowEnd>): void {
    call(this.controller.signal).then(
      (value) => this.finish(value, null),
      (error: unknown) => this.finish(null, error ?? new Error("The call failed")),
    );
  }

  private finish(value: FlowEnd | null, error: unknown): void {
    this.value = error === null ? value : null;
    this.failure = error;
    for (const a of this.asked.values()) a.reject(new Error("The call ended before the client answered"));
    this.asked.clear();
    this.clearAbandon();
    this.onEnd(this);
    this.wake?.();
  }

  /** Called by the upstream's request handler: waits for the client's answer in a later leg. */
  /**
   * Answers the client sent before being asked (a first leg carrying inputResponses): a question
   * under one of these keys is answered at once, as the server itself would have used them.
   */
  preset: Record<string, unknown> = {};

  ask(method: string, params: Record<string, unknown>, signal: AbortSignal, id?: string | number): Promise<Record<string, unknown>> {
    const given = typeof id === "string" ? this.preset[id] : undefined;
    if (typeof id === "string" && isRecord(given)) {
      delete this.preset[id];
      return Promise.resolve(given);
    }
    // A 2026-07-28 upstream's own inputRequests key is kept (the client sees what the server asked);
    // a 2025-11-25 upstream's JSON-RPC id is no key, so one is made.
    const key = typeof id === "string" && !this.asked.has(id) ? id : `${method.replace(/\W+/g, "_")}_${++this.counter}`;
    return new Promise((resolve, reject) => {
      const asked: Asked = { key, method, params, resolve, reject };
      this.asked.set(key, asked);
      signal.addEventListener(
        "abort",
        () => {
          if (this.asked.delete(key)) reject(new Error("The server withdrew the request"));
        },
        { once: true },
      );
      this.wake?.();
    });
  }

  /** A retry leg's answers: each goes to the upstream handler that waits for it. */
  answer(responses: Record<string, unknown> | undefined): void {
    this.clearAbandon();
    for (const [key, value] of Object.entries(responses ?? {})) {
      const asked = this.asked.get(key);
      if (!asked || !isRecord(value)) continue;
      this.asked.delete(key);
      asked.resolve(value);
    }
  }

  /**
   * Waits for the call's end or its next question. The leg closing while waiting (the client
   * went away) cancels the upstream call.
   */
  async next(legSignal: AbortSignal): Promise<FlowStep> {
    this.legs += 1;
    try {
      return await this.step(legSignal);
    } finally {
      this.legs -= 1;
    }
  }

  /** Whether a leg of the client waits for this call now (a flow whose client left has none). */
  get waiting(): boolean {
    return this.legs > 0;
  }

  private async step(legSignal: AbortSignal): Promise<FlowStep> {
    for (;;) {
      if (this.value) return { kind: "done", value: this.value };
      if (this.failure) throw this.failure;
      if (this.asked.size > 0) {
        // The upstream asks its questions of one round at once: let the siblings arrive too.
        await new Promise((resolve) => setTimeout(resolve, SIBLINGS_MS));
        if (this.value || this.failure) continue;
        // The client has ABANDON_MS to come back with the answers.
        this.abandonTimer = setTimeout(() => this.controller.abort("The client never answered the input it was asked for"), ABANDON_MS);
        this.abandonTimer.unref?.();
        const requests = Object.fromEntries([...this.asked.values()].map((a) => [a.key, { method: a.method, params: a.params }]));
        this.round += 1;
        return { kind: "input", requests, requestState: `${this.id}.${this.round}` };
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.controller.abort("The client closed its request");
          reject(new Error("The client closed its request"));
        };
        if (legSignal.aborted) return onAbort();
        legSignal.addEventListener("abort", onAbort, { once: true });
        this.wake = () => {
          legSignal.removeEventListener("abort", onAbort);
          this.wake = null;
          resolve();
        };
      });
    }
  }

  isRound(round: number): boolean {
    return round === this.round;
  }

  private clearAbandon(): void {
    if (this.abandonTimer) clearTimeout(this.abandonTimer);
    this.abandonTimer = null;
  }
}

const FLOWS_KEY = Symbol.for("loupe.tapModernFlows");
type FlowsGlobal = typeof globalThis & { [FLOWS_KEY]?: Map<string, ModernFlow> };

function flows(): Map<string, ModernFlow> {
  const g = globalThis as FlowsGlobal;
  return (g[FLOWS_KEY] ??= new Map());
}

/** A new flow for a tap's call; forgotten when its call ends. */
export function startFlow(tapId: string): ModernFlow {
  const flow = new ModernFlow(tapId, (f) => flows().delete(f.id));
  flows().set(flow.id, flow);
  return flow;
}

/**
 * Cancels every upstream call of a tap that still runs a flow (the tap was turned off, its key
 * rotated, or its connection deleted): a round the client can no longer answer must not hold the
 * upstream call until ABANDON_MS.
 */
export function endFlows(tapId: string, reason: string): void {
  for (const flow of flows().values()) if (flow.tapId === tapId) flow.controller.abort(reason);
}

/**
 * The flow a retry leg's requestState names: undefined when the leg carries none (a new call);
 * `"unknown"` when it names no running flow of this tap or an earlier round (forged, replayed, or
 * the call already ended), which the tap refuses.
 */
export function findFlow(tapId: string, state: unknown): ModernFlow | "unknown" | undefined {
  if (state === undefined) return undefined;
  if (typeof state !== "string") return "unknown";
  const [id, round] = state.split(".");
  const flow = id ? flows().get(id) : undefined;
  return flow && flow.tapId === tapId && flow.isRound(Number(round)) ? flow : "unknown";
}
