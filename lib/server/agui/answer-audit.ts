import "server-only";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { AguiService } from "@/lib/server/agui";
import type { AuditAnswer } from "@/lib/server/people/audit-log";
import { auditOnceRunEnds } from "@/lib/server/inbox/answer-audit";

/** What the audit of an answer reads of the service. */
export type AguiAuditDesk = Pick<AguiService, "runDone" | "store" | "hub">;

/** Why an answer that did not take is failed, in the agent's words (the run's error: HTTP, RUN_ERROR, a cut, an abort). */
function failedDetail(r: AguiHumanRequest): string {
  if (r.status === "stale") return `its run is gone: ${r.reason ?? "the thread moved on"}`;
  return r.error?.message ?? "the agent did not take the run carrying this answer";
}

function outcome(r: AguiHumanRequest): AuditAnswer {
  const where = { source: "agui", requestId: r.id };
  if (r.status === "failed" || r.status === "stale") return { kind: "failed", ...where, detail: failedDetail(r) };
  if (r.status === "answered" && r.answeredByRunId === undefined)
    return { kind: "answered", ...where, detail: `kept: ${r.reason ?? "sent with the other requests of its run once they are answered"}` };
  return { kind: "answered", ...where };
}

/**
 * What the audit log says of an answer given through the route (answerAudited), once it is known:
 * the route replies as the run carrying the answer starts, and the agent can still refuse it (an HTTP
 * error, RUN_ERROR, a stream cut: AguiRuns.finish fails the request with the run's error). `failed`,
 * with the agent's words, when it did; `answered` once the run ended with the answer taken. An answer
 * kept for its run's other requests is `answered` (kept) at once: the row of what became of it is
 * written with the run that carries it. Loupe stopping while the run streams: never settles; the next
 * start (or the instance taking the agent over) writes `failed` (AguiStore.settleLeftBehind). The
 * other answers the run carried get their rows with it (auditOnceRunEnds).
 */
export function aguiAnswerAudit(desk: AguiAuditDesk, answered: AguiHumanRequest): AuditAnswer | Promise<AuditAnswer> {
  return auditOnceRunEnds(
    {
      source: "agui",
      store: desk.hub.store,
      read: (id) => desk.store.getRequest(id),
      runAnswers: (runId) => desk.store.getRun(runId)?.answers ?? [],
      runDone: (runId) => desk.runDone(runId),
      failedDetail,
      outcome,
    },
    answered,
  );
}
