/**
 * Emits N events in one invocation for the big-session view (`bulk N` in loupe_demo). An LlmAgent
 * cannot do this: every model call yields at most two events and ADK stops an invocation after 500
 * model calls (RunConfig.maxLlmCalls), so this agent writes the events itself — deterministic
 * content, a mix of text, paired function call/response and state deltas, produced as fast as the
 * runner can store them.
 */
import { BaseAgent, createEvent } from "@google/adk";
import type { Event, InvocationContext } from "@google/adk";
import { bulkCount } from "./loupe-script";

function userTextOf(ctx: InvocationContext): string {
  return (ctx.userContent?.parts ?? []).map((p) => p.text ?? "").join(" ");
}

/** Event k of n: cycles call → response → text, ending on a text so no call is left unanswered. */
export function bulkEventFields(k: number, n: number, agent: string): Parameters<typeof createEvent>[0] {
  const step = Math.floor(k / 3) + 1;
  const phase = k % 3;
  const last = k === n - 1;
  if (last || (k === n - 2 && phase === 0)) {
    return { author: agent, content: { role: "model", parts: [{ text: last ? `Bulk done: ${n} events.` : `Step ${step} skipped.` }] } };
  }
  const id = `bulk-${step}`;
  if (phase === 0) {
    return {
      author: agent,
      content: { role: "model", parts: [{ functionCall: { id, name: "bulk_lookup", args: { item: step } } }] },
    };
  }
  if (phase === 1) {
    return {
      author: agent,
      content: { role: "user", parts: [{ functionResponse: { id, name: "bulk_lookup", response: { item: step, ok: true } } }] },
      actions: { stateDelta: { bulk_progress: step } },
    };
  }
  return { author: agent, content: { role: "model", parts: [{ text: `Item ${step} looks fine.` }] } };
}

/** How many events between two turns of the event loop. */
const YIELD_EVERY = 25;

export class BulkAgent extends BaseAgent {
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, void> {
    const n = bulkCount(userTextOf(ctx));
    for (let k = 0; k < n; k++) {
      // The runner stores each event without real I/O: without a turn of the event loop now and then,
      // the server wrote nothing to the client (and saw no abort) until thousands had piled up.
      if (k > 0 && k % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      if (ctx.abortSignal?.aborted) return;
      yield createEvent({ ...bulkEventFields(k, n, this.name), invocationId: ctx.invocationId, branch: ctx.branch });
    }
  }

  protected async *runLiveImpl(): AsyncGenerator<Event, void, void> {
    throw new Error("bulk_agent has no live mode");
  }
}
