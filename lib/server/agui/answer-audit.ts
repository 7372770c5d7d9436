import "server-only";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { AguiService } from "@/lib/server/agui";
import { auditStoppedAnswer, type AuditAnswer } from "@/lib/server/people/audit-log";

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
 * The other answers the run carried (given before, kept for this last one): failed with it, each
 * gets its `failed` row under who gave it, whose route replied long ago (its row said kept).
 */
function auditCarried(desk: AguiAuditDesk, mine: AguiHumanRequest): void {
  const runId = mine.answeredByRunId;
  if (!runId) return;
  for (const id of desk.store.getRun(runId)?.answers ?? []) {
    if (id === mine.id) continue;
    const r = desk.store.getRequest(id);
    if (r?.answeredByRunId === runId && (r.status === "failed" || r.status === "stale"))
      auditStoppedAnswer(desk.hub.store, r.answeredBy, { source: "agui", requestId: id, detail: failedDetail(r) });
  }
}

/**
 * What the audit log says of an answer given through the route (answerAudited), once it is known:
 * the route replies as the run carrying the answer starts, and the agent can still refuse it (an HTTP
 * error, RUN_ERROR, a stream cut: AguiRuns.finish fails the request with the run's error). `failed`,
 * with the agent's words, when it did; `answered` once the run ended with the answer taken. An answer
 * kept for its run's other requests is `answered` (kept) at once: the row of what became of it is
 * written with the run that carries it. Loupe stopping while the run streams: never settles; the next
 * start (or the instance taking the agent over) writes `failed` (AguiStore.settleLeftBehind).
 */
export function aguiAnswerAudit(desk: AguiAuditDesk, answered: AguiHumanRequest): AuditAnswer | Promise<AuditAnswer> {
  const settle = (): AuditAnswer => {
    const now = desk.store.getRequest(answered.id) ?? answered;
    auditCarried(desk, now);
    return outcome(now);
  };
  const run = answered.status === "answered" && answered.answeredByRunId ? desk.runDone(answered.answeredByRunId) : undefined;
  return run ? run.then(settle, settle) : settle();
}
