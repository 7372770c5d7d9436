import { AnswerNotice } from "@/components/elements/answer/answer-notice";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError, waitsElsewhere } from "@/lib/errors";

/** What the user decided (or why nobody can any more), once the approval no longer waits. */
export function ApprovalOutcome({ approval }: { approval: ToolApproval }) {
  if (approval.status === "stale") {
    return (
      <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="approval-stale">
        No longer waiting: {approval.reason ?? "the caller stopped waiting."}
      </p>
    );
  }
  const decision = approval.decision;
  if (!decision) return null;
  const at = new Date(decision.at).toLocaleString();
  if (decision.action === "reject") {
    return (
      <div className="flex flex-col gap-1 text-sm" data-testid="approval-decision" data-action="reject">
        <p>
          <span className="font-medium text-destructive">Rejected</span> <span className="text-xs text-muted-foreground">· {at}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          The caller was told:{" "}
          <span className="text-foreground" data-testid="approval-reject-reason">
            {decision.reason}
          </span>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="approval-decision" data-action="approve" data-edited={decision.edited}>
      <p>
        <span className="font-medium text-emerald-700 dark:text-emerald-400">Approved</span>{" "}
        {decision.edited ? "with edited arguments" : "as asked"} <span className="text-xs text-muted-foreground">· {at}</span>
      </p>
      {decision.edited && (
        <>
          <ReadOnlyJson label="Arguments sent" value={decision.arguments} testId="approval-sent-args" />
          <ReadOnlyJson label="Arguments the caller asked for" value={approval.arguments} testId="approval-asked-args" collapsed />
        </>
      )}
    </div>
  );
}

/** Why the last answer failed, on the card; the draft above stays as typed. One waiting on another instance still waits: a notice. */
export function ApprovalAnswerError({ error }: { error: Error }) {
  const elsewhere = waitsElsewhere(error);
  const gone = error instanceof AppError && error.status === 409 && !elsewhere;
  const title = elsewhere
    ? "This call waits on another Loupe instance"
    : gone
      ? "This call no longer waits for an answer"
      : "Could not send the answer";
  return <AnswerNotice tone={elsewhere ? "waiting" : "error"} title={title} error={error} testId="approval-answer-error" />;
}
