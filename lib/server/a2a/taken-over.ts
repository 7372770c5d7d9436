import "server-only";
import type { A2aAgentView, A2aTaskState, A2aTaskSummary } from "@/lib/contracts/a2a";
import { A2A_INTERRUPTED_STATES, A2A_TERMINAL_STATES } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";
import { cardStreams } from "@/lib/server/a2a/client";
import type { A2aTasks } from "@/lib/server/a2a/tasks";

/** A task in these states was still running on the agent when its stream's instance died. */
const LEFT_STATES: readonly A2aTaskState[] = ["submitted", "working", "unknown"];
/** Tasks picked up per take-over at most (the newest): an agent's old unfinished history is not re-read. */
const MAX_RESUMED = 50;

/** What a take-over needs of the A2A registry. */
export interface TakeOverDesk {
  readonly tasks: Pick<A2aTasks, "get" | "markLost">;
  get(agentId: string): { state: Pick<A2aAgentView["state"], "card"> };
  listTasks(agentId: string): A2aTaskSummary[];
  refreshCard(agentId: string): Promise<unknown>;
  resubscribe(agentId: string, taskId: string): Promise<unknown>;
  /** tasks/get; an unreachable agent marks the task lost unless `unreachableIsLost` is false. */
  refreshTask(agentId: string, taskId: string, options?: { unreachableIsLost?: boolean }): Promise<unknown>;
  has(agentId: string): boolean;
}

/**
 * How a task left by a dead instance on an agent that does not stream is followed: tasks/get after
 * each delay, doubling from `firstMs` to `maxMs`, for `forMs` at most (then Refresh asks again).
 */
export const FOLLOW = { firstMs: 500, maxMs: 8_000, forMs: 30 * 60_000 };

/**
 * The tasks this instance follows with tasks/get, per agent: stopped when the agent's lease is lost or
 * Loupe stops (`stop`, `stopAll`), and each on its own once it ends, waits for a person or is lost.
 */
export class TaskFollowers {
  private readonly byAgent = new Map<string, AbortController>();

  signal(agentId: string): AbortSignal {
    let found = this.byAgent.get(agentId);
    if (!found || found.signal.aborted) this.byAgent.set(agentId, (found = new AbortController()));
    return found.signal;
  }

  stop(agentId: string): void {
    this.byAgent.get(agentId)?.abort();
    this.byAgent.delete(agentId);
  }

  stopAll(): void {
    for (const id of [...this.byAgent.keys()]) this.stop(id);
  }
}

const settled = (state: A2aTaskState | undefined): boolean =>
  state === undefined || A2A_TERMINAL_STATES.includes(state) || A2A_INTERRUPTED_STATES.includes(state);

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * Asks for the task again with tasks/get until it ends or waits for a person (after the first ask):
 * the dead holder's message/send answered at once, and what moved the task on since reached nobody —
 * unless the agent pushes, which any instance records and which ends the follow too.
 */
async function follow(desk: TakeOverDesk, agentId: string, taskId: string, signal: AbortSignal, lost: (e: unknown) => void): Promise<void> {
  const until = Date.now() + FOLLOW.forMs;
  for (let delay = FOLLOW.firstMs; ; delay = Math.min(delay * 2, FOLLOW.maxMs)) {
    const rec = desk.tasks.get(agentId, taskId);
    if (settled(rec?.state) || rec?.lost || signal.aborted || Date.now() + delay > until || !desk.has(agentId)) return;
    await pause(delay, signal);
    if (signal.aborted) return;
    try {
      await desk.refreshTask(agentId, taskId, { unreachableIsLost: false });
    } catch (e) {
      if (signal.aborted) return;
      // An agent that does not answer for a moment (it restarts) still has the task: asked again later.
      if (AppError.from(e).code === "upstream:a2a_unreachable" && Date.now() + delay < until) continue;
      return lost(e);
    }
  }
}

/**
 * This instance took an agent over from `stoppedName`, a dead instance (issue 25). A task it left
 * streaming still runs on the agent, which keeps it: an agent whose card streams is asked again for
 * it (tasks/resubscribe / SubscribeToTask), its frames now arriving here; one that does not is followed
 * with tasks/get (`FOLLOW`) until it ends or waits for a person. A task the agent cannot give back
 * (unreachable, unknown to it, a resubscribe refused) is marked lost, in words naming the instance.
 * Requests of interrupted tasks need nothing: an answer is a new message any instance can send.
 * Resolves once each task was asked once.
 */
export async function resumeLeftTasks(desk: TakeOverDesk, agentId: string, stoppedName: string, followers: TaskFollowers): Promise<void> {
  const left = desk
    .listTasks(agentId)
    .filter((t) => LEFT_STATES.includes(t.state) && !t.lost && !t.streaming)
    .slice(0, MAX_RESUMED);
  if (left.length === 0) return;
  // Taken before anything waits: the lease lost meanwhile stops what follows (followers.stop).
  const signal = followers.signal(agentId);
  await desk.refreshCard(agentId).catch(() => undefined);
  const streams = cardStreams(desk.get(agentId).state.card);
  await Promise.allSettled(
    left.map(async ({ taskId }) => {
      const lost = (e: unknown) => {
        const how = streams ? "resubscribe to it" : "read it (tasks/get)";
        desk.tasks.markLost(
          agentId,
          taskId,
          `${stoppedName} stopped while this task streamed; this instance took the agent over and could not ${how}: ${AppError.from(e).message}`,
        );
      };
      if (streams) return desk.resubscribe(agentId, taskId).catch(lost);
      // Asked once now; the follow goes on in the background.
      await desk
        .refreshTask(agentId, taskId)
        .then(
          () =>
            void follow(desk, agentId, taskId, signal, lost).catch((e: unknown) =>
              logLine(`[loupe] a2a: following task ${taskId}:`, errorMessage(e)),
            ),
          lost,
        );
    }),
  );
}
