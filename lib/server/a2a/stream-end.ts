import "server-only";
import { A2A_INTERRUPTED_STATES, A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import type { A2aAgentLookup, Exchange } from "@/lib/server/a2a/exchange";
import type { A2aTasks } from "@/lib/server/a2a/tasks";

/** How the end of an agent's stream is said (exchanges.ts's `stream()`), and how long its start is waited for. */

/**
 * How long a send waits for the stream's first frame. An agent that sends only keep-alive comments
 * held the send open with no bound; past this the send answers without a task, and the stream goes
 * on (its frames arrive as entries). Changed by tests.
 */
export const STREAM_WAITS = { firstFrameMs: 30_000 };

/** A stream the agent ended cleanly without a single event (an empty body, or only what is not SSE). */
export const NO_EVENT = "The agent ended its event stream without sending any event";

/** A task the agent's stream left neither ended nor waiting on the user: the stream ended early, said in words. */
export function leftUnfinished(exchange: Exchange, tasks: A2aTasks): string | undefined {
  for (const id of exchange.taskIds) {
    const state = tasks.get(exchange.agentId, id)?.state;
    if (state && !A2A_TERMINAL_STATES.includes(state) && !A2A_INTERRUPTED_STATES.includes(state))
      return `The agent ended the stream while task ${id} was still ${state}: Resubscribe or Refresh (tasks/get) to follow it`;
  }
  return undefined;
}

/**
 * A stream died mid-task: its card is read again. Nothing answers: the agent is listed unreachable
 * (by refreshCard), the exchange's unfinished tasks lost, and the reason returned. Undefined: the
 * agent is there (a dropped connection: resubscribe is offered).
 */
export async function lostMidTask(agents: A2aAgentLookup, tasks: A2aTasks, exchange: Exchange, cut: string): Promise<string | undefined> {
  try {
    await agents.refreshCard(exchange.agentId);
    return undefined;
  } catch (e) {
    const err = AppError.from(e);
    if (err.code !== "upstream:a2a_unreachable") return undefined;
    const reason = `The agent stopped answering mid-task (${cut}): ${err.message}`;
    for (const taskId of exchange.taskIds) tasks.markLost(exchange.agentId, taskId, reason);
    return reason;
  }
}
