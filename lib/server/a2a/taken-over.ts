import "server-only";
import type { A2aAgentView, A2aTaskState, A2aTaskSummary } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import { cardStreams } from "@/lib/server/a2a/client";
import type { A2aTasks } from "@/lib/server/a2a/tasks";

/** A task in these states was still running on the agent when its stream's instance died. */
const LEFT_STATES: readonly A2aTaskState[] = ["submitted", "working", "unknown"];
/** Tasks picked up per take-over at most (the newest): an agent's old unfinished history is not re-read. */
const MAX_RESUMED = 50;

/** What a take-over needs of the A2A registry. */
export interface TakeOverDesk {
  readonly tasks: A2aTasks;
  get(agentId: string): A2aAgentView;
  listTasks(agentId: string): A2aTaskSummary[];
  refreshCard(agentId: string): Promise<unknown>;
  resubscribe(agentId: string, taskId: string): Promise<unknown>;
  refreshTask(agentId: string, taskId: string): Promise<unknown>;
}

/**
 * This instance took an agent over from `stoppedName`, a dead instance (issue 25). A task it left
 * streaming still runs on the agent, which keeps it: an agent whose card streams is asked again for
 * it (tasks/resubscribe / SubscribeToTask), its frames now arriving here; one that does not is asked
 * once with tasks/get (its pushes, if any, reach any instance). A task the agent cannot give back
 * (unreachable, unknown to it, a resubscribe refused) is marked lost, in words naming the instance.
 * Requests of interrupted tasks need nothing: an answer is a new message any instance can send.
 */
export async function resumeLeftTasks(desk: TakeOverDesk, agentId: string, stoppedName: string): Promise<void> {
  const left = desk
    .listTasks(agentId)
    .filter((t) => LEFT_STATES.includes(t.state) && !t.lost && !t.streaming)
    .slice(0, MAX_RESUMED);
  if (left.length === 0) return;
  await desk.refreshCard(agentId).catch(() => undefined);
  const streams = cardStreams(desk.get(agentId).state.card);
  await Promise.allSettled(
    left.map(async ({ taskId }) => {
      try {
        if (streams) await desk.resubscribe(agentId, taskId);
        else await desk.refreshTask(agentId, taskId);
      } catch (e) {
        const how = streams ? "resubscribe to it" : "read it (tasks/get)";
        desk.tasks.markLost(
          agentId,
          taskId,
          `${stoppedName} stopped while this task streamed; this instance took the agent over and could not ${how}: ${AppError.from(e).message}`,
        );
      }
    }),
  );
}
