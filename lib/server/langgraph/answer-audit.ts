import "server-only";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import type { LangGraphService } from "@/lib/server/langgraph";
import type { AuditAnswer } from "@/lib/server/people/audit-log";
import { auditOnceRunEnds } from "@/lib/server/inbox/answer-audit";

/** What the audit of an answer reads of the service. */
export type LgAuditDesk = Pick<LangGraphService, "runDone" | "store" | "hub">;

/** Why an answer that did not take is failed, in the server's words (or Loupe's, when it never went out). */
function failedDetail(r: LgHumanRequest): string {
  if (r.status === "stale") return `its interrupt is gone: ${r.reason ?? "it was resolved elsewhere"}`;
  return r.error?.message ?? "the LangGraph server did not take the resume";
}

function outcome(r: LgHumanRequest, retried: boolean): AuditAnswer {
  const where = { source: "langgraph", requestId: r.id };
  const said = (text: string) => (retried ? `retried: ${text}` : text);
  if (r.status === "failed" || r.status === "stale") return { kind: "failed", ...where, detail: said(failedDetail(r)) };
  if (r.status === "answered" && r.answeredByRunId === undefined && r.waitingFor)
    return {
      kind: "answered",
      ...where,
      detail: said(`kept: one resume sends it with the thread's ${r.waitingFor} other interrupt(s) once answered`),
    };
  return { kind: "answered", ...where, ...(retried ? { detail: "retried" } : {}) };
}

/**
 * What the audit log says of an answer given through the route (answerAudited), once it is known.
 * `failed`, with the server's words, when the server refused the resume run (an HTTP error: the
 * request reads failed when the route replies), when the run ended and the answer did not take
 * (an error event, the interrupt still listed: after the route replied), or when it could not be
 * sent; `answered` once the resume run ended with it taken. An answer kept for the thread's other
 * interrupts is `answered` (kept) at once: the row of what became of it is written with the resume.
 * Loupe stopping while the run streams: never settles; the next start writes `failed` (sync.ts).
 */
export function lgAnswerAudit(desk: LgAuditDesk, answered: LgHumanRequest, retried: boolean): AuditAnswer | Promise<AuditAnswer> {
  return auditOnceRunEnds(
    {
      source: "langgraph",
      store: desk.hub.store,
      read: (id) => desk.store.getRequest(id),
      runAnswers: (runId) => desk.store.getRun(runId)?.answers ?? [],
      runDone: (runId) => desk.runDone(runId),
      failedDetail,
      outcome: (r) => outcome(r, retried),
    },
    answered,
  );
}
