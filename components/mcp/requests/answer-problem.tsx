import { AlertTriangleIcon } from "lucide-react";
import { answerProblem } from "@/lib/protocols/mcp/request-params";

/**
 * Why the last answer POST failed, on the card itself: 409 (the server stopped waiting), 400 (the
 * answer was refused, with the field issues), or Loupe unreachable. The form above keeps what the
 * user typed, so fixing and sending again never means retyping.
 */
export function AnswerProblemView({ error }: { error: Error }) {
  const problem = answerProblem(error);
  const code = "code" in error ? String((error as { code: unknown }).code) : undefined;
  return (
    <div
      role="alert"
      data-testid="request-answer-error"
      data-kind={problem.kind}
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{problem.title}</p>
        <p className="break-words text-xs text-muted-foreground">
          {problem.message}
          {code && <span className="ml-1 font-mono opacity-70">({code})</span>}
        </p>
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
      </div>
    </div>
  );
}
