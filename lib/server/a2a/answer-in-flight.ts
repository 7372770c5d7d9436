import "server-only";
import { A2A_ANSWER_CUT_OFF, type A2aHumanRequest } from "@/lib/contracts/a2a";
import type { AppErrorBody } from "@/lib/errors";
import type { A2aStore, StoredA2aRequest } from "@/lib/server/a2a/store";
import { withoutInFlight } from "@/lib/server/a2a/store";
import { answerClaimOf, releaseAnswer } from "@/lib/server/inbox/answer-claims";
import { answeringActor } from "@/lib/server/people/actor-context";
import { auditStoppedAnswer, STOPPED_BEFORE_REPLY } from "@/lib/server/people/audit-log";

/** Why a request left pending (no answer on its way) is stale after a restart. */
export const LOUPE_RESTARTED_REASON = "Loupe restarted while this waited: refresh the task to see whether the agent still waits";

/**
 * Why an answer a stop cut off is failed (its task still waited for it then): `stopped` is who stopped,
 * this Loupe (its restart) or the instance a take-over names (several instances on one database).
 */
export function answerCutOff(stopped = "Loupe"): AppErrorBody {
  return {
    code: A2A_ANSWER_CUT_OFF,
    message: `${stopped} stopped before the agent replied to this answer, so whether it reached the agent is not known; the task still waited for it then: refresh the task to see whether it still does, then send the answer again (Retry)`,
  };
}

/**
 * Says in the store (only: not in memory, no entry) that the request's answer is on its way, and who
 * gave it (answeringActor, the route's): the answer sent, the agent's reply (its first frame) not here
 * yet. The request's next save (answered, failed, stale: from memory, without it) ends it.
 */
export function markInFlight(store: A2aStore, request: A2aHumanRequest): void {
  const answeredBy = answeringActor();
  store.saveRequest({ ...withoutInFlight(request), inFlight: { at: Date.now(), ...(answeredBy ? { answeredBy } : {}) } });
}

/**
 * A request as the store has it at the start, the Loupe that had it gone (a single instance's
 * restart). One whose answer was on its way (`inFlight`, pending or failed and retried: as
 * settleTakenOver reads them): settleCutOff. One still pending with none: nothing tells Loupe what
 * happened to its task meanwhile, so stale, until a refresh of the task opens a new one
 * (LOUPE_RESTARTED_REASON). Returns the request to keep (without `inFlight`), which the caller saves;
 * undefined for one left as it is (answered, stale, failed with no Retry on its way).
 */
export function settleLeftAtStart(store: A2aStore, row: StoredA2aRequest): A2aHumanRequest | undefined {
  const { inFlight } = row;
  if (inFlight && (row.status === "pending" || row.status === "failed"))
    return settleCutOff(store, row, inFlight, { name: "Loupe", audit: STOPPED_BEFORE_REPLY });
  if (row.status === "pending") return { ...withoutInFlight(row), status: "stale", reason: LOUPE_RESTARTED_REASON };
  return undefined;
}

/**
 * An instance took `agentId` over from `stoppedName`, a dead one (issue 25): the answers it had on
 * their way to the agent (`inFlight` in their rows, pending or retried) are settled as a restart
 * settles them (settleCutOff), in words naming it; one this instance is sending itself (`answeringHere`)
 * is left to its own reply. Pending requests without an answer stay pending: any instance answers them.
 * Returns the requests to keep (without `inFlight`); the caller saves them.
 */
export function settleTakenOver(
  store: A2aStore,
  agentId: string,
  stoppedName: string,
  answeringHere: (requestId: string) => boolean,
): A2aHumanRequest[] {
  const stopped = { name: stoppedName, audit: `${stoppedName} stopped before the agent replied` };
  return store
    .storedRequestsOf(agentId)
    .flatMap((row) => (row.inFlight && !answeringHere(row.id) ? [settleCutOff(store, row, row.inFlight, stopped)] : []));
}

/**
 * A request whose answer was on its way (`inFlight`: sent, and `stopped.name` stopped before the agent
 * replied) is failed while its task, as last seen, still waited for it: retrying can work (its claim
 * is given back for the Retry's); once the task had moved on it is stale, in words. Either way the
 * audit gets the `failed` row the route could not write, under who gave the answer.
 */
function settleCutOff(
  store: A2aStore,
  row: StoredA2aRequest,
  inFlight: NonNullable<StoredA2aRequest["inFlight"]>,
  stopped: { name: string; audit: string },
): A2aHumanRequest {
  const request = withoutInFlight(row);
  const audit = (detail: string) => auditStoppedAnswer(store.store, inFlight.answeredBy, { source: "a2a", requestId: row.id, detail });
  const task = store.getTask(row.agentId, row.taskId);
  if (task?.state === (row.kind === "auth" ? "auth-required" : "input-required")) {
    const target = { source: "a2a", requestId: row.id };
    const claim = answerClaimOf(store.store, target);
    if (claim) releaseAnswer(store.store, target, claim);
    audit(stopped.audit);
    return { ...request, status: "failed", error: answerCutOff(stopped.name) };
  }
  const reason = `The task moved on to ${task?.state ?? "a state Loupe did not record"} while this answer was on its way, and ${stopped.name} stopped before the agent replied to it: it can no longer be answered`;
  audit(reason);
  return { ...request, status: "stale", reason };
}
