import "server-only";
import type { Actor } from "@/lib/contracts/people";
import type { Store } from "@/lib/server/store";
import { auditStoppedAnswer, type AuditAnswer } from "@/lib/server/people/audit-log";

/** What an answer's audit reads of its request: its state, the run that carries it, who gave it. */
export interface AuditedRequest {
  id: string;
  status: string;
  answeredByRunId?: string;
  answeredBy?: Actor;
}

/** How one protocol's answers are audited once their run ended (a protocol whose answer rides a run of its own). */
export interface RunAnswerAudit<R extends AuditedRequest> {
  /** The audit log's `source` for this protocol's requests. */
  source: string;
  /** The store the audit log is in. */
  store: Pick<Store, "prepare">;
  /** The request as it is now. */
  read(id: string): R | undefined;
  /** The requests whose answers a run carried. */
  runAnswers(runId: string): readonly string[];
  /** Settles when the run ends; undefined when it is not running here. */
  runDone(runId: string): Promise<unknown> | undefined;
  /** Why an answer that did not take is failed, in the agent's words. */
  failedDetail(r: R): string;
  /** The row of the answer given through the route, once its run ended. */
  outcome(r: R): AuditAnswer;
}

const failed = (r: AuditedRequest) => r.status === "failed" || r.status === "stale";

/**
 * What the audit log says of an answer given through a route whose reply comes as the run carrying
 * the answer starts (the agent can still refuse it): the row is `outcome` once that run ended, and
 * each other answer the run carried (given before, kept for this last one) that failed with it gets
 * its own `failed` row under who gave it, whose route replied long ago. An answer with no run of its
 * own (kept, refused at once) is read now. Loupe stopping while the run streams: never settles; the
 * next start writes `failed` (auditStoppedAnswer).
 */
export function auditOnceRunEnds<R extends AuditedRequest>(audit: RunAnswerAudit<R>, answered: R): AuditAnswer | Promise<AuditAnswer> {
  const settle = (): AuditAnswer => {
    const now = audit.read(answered.id) ?? answered;
    const runId = now.answeredByRunId;
    for (const id of runId ? audit.runAnswers(runId) : []) {
      const r = id === now.id ? undefined : audit.read(id);
      if (r && r.answeredByRunId === runId && failed(r))
        auditStoppedAnswer(audit.store, r.answeredBy, { source: audit.source, requestId: id, detail: audit.failedDetail(r) });
    }
    return audit.outcome(now);
  };
  const run = answered.status === "answered" && answered.answeredByRunId ? audit.runDone(answered.answeredByRunId) : undefined;
  return run ? run.then(settle, settle) : settle();
}
