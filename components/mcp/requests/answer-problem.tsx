import { AnswerNotice } from "@/components/elements/answer/answer-notice";
import { answerProblem } from "@/lib/protocols/mcp/request-params";

/**
 * Why the last answer POST failed, on the card itself: 409 (the server stopped waiting, or the
 * request waits on another instance), 400 (the answer was refused, with the field issues), or Loupe
 * unreachable. The form above keeps what the user typed, so fixing and sending again never means retyping.
 */
export function AnswerProblemView({ error }: { error: Error }) {
  const problem = answerProblem(error);
  // A request waiting on another instance still waits: a notice, not an error (issue 25).
  const tone = problem.kind === "elsewhere" ? "waiting" : "error";
  return (
    <AnswerNotice tone={tone} title={problem.title} error={error} testId="request-answer-error" kind={problem.kind}>
      {problem.issues.length > 0 && (
        <ul className="list-inside list-disc text-xs" data-testid="request-answer-issues">
          {problem.issues.map((issue, i) => (
            <li key={i}>
              {issue.path && <code className="font-mono">{issue.path}</code>} {issue.message}
            </li>
          ))}
        </ul>
      )}
      {problem.kind !== "stale" && <p className="text-xs text-muted-foreground">Your answer is kept below; send it again when ready.</p>}
    </AnswerNotice>
  );
}
