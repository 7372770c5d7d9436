import { ReadOnlyJson } from "@/components/elements/json-text-field";
import type { McpAnswerBody } from "@/lib/contracts/mcp-requests";

const ACTION_LABEL: Record<McpAnswerBody["action"], string> = {
  accept: "Accepted",
  reject: "Rejected",
  decline: "Declined",
  cancel: "Cancelled",
};

/** What Loupe sent back: the reply (text, model, stop reason), the form's content, or the refusal. */
export function AnsweredBody({ body, at, label = "Sent" }: { body: McpAnswerBody; at?: number; label?: string }) {
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid="request-answer" data-action={body.action}>
      <span className="text-xs text-muted-foreground">
        {label}: <span className="font-medium text-foreground">{ACTION_LABEL[body.action]}</span>
        {at !== undefined && <> · {new Date(at).toLocaleString()}</>}
      </span>
      {"text" in body && (
        <>
          <p className="rounded-md border bg-muted/30 p-2 whitespace-pre-wrap" data-testid="request-answer-text">
            {body.text}
          </p>
          <span className="font-mono text-xs text-muted-foreground">
            model {body.model} · stopReason {body.stopReason}
          </span>
        </>
      )}
      {"message" in body && <span className="text-xs text-muted-foreground">{body.message}</span>}
      {"content" in body && body.content !== undefined && (
        <ReadOnlyJson label="Content" value={body.content} testId="request-answer-content" />
      )}
    </div>
  );
}
