import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { InboxRow } from "@/lib/contracts/inbox";
import { readResult } from "@/lib/protocols/a2a/frames";
import { isRecord } from "@/lib/values";
import { formatClock } from "@/lib/format";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SafeText } from "@/components/ui/safe-text";
import { JsonView } from "@/components/elements/json-view";
import { RequestStatusBadge } from "@/components/elements/request/request-status";
import { textOf } from "@/components/inbox/source-text";
import { PartView } from "@/components/a2a/artifact-view";

export type RecordedRequestProps =
  | {
      source: "a2a";
      row: A2aHumanRequest;
      /** The message that carried the answer, as Loupe sent it (snapshot.answers). */
      answer?: unknown;
    }
  | { source: "agui"; row: AguiHumanRequest };

/** The answer message's parts read like the timeline reads them (v0.3 or v1.0); null when they cannot be. */
function answerParts(message: unknown) {
  if (!isRecord(message)) return null;
  const read = readResult(message.kind === "message" ? message : { message });
  return read.ok && read.item.type === "message" ? read.item.message.parts : null;
}

function A2aAnswer({ message }: { message: unknown }) {
  const parts = answerParts(message);
  if (!parts) return <JsonView value={message} />;
  return (
    <div className="flex flex-col gap-1">
      {parts.map((p, i) => (
        <PartView key={i} part={p} />
      ))}
    </div>
  );
}

function AguiAnswer({ row }: { row: AguiHumanRequest }) {
  const a = row.answer;
  if (!a) return null;
  if (a.kind === "tool_result") return <JsonView value={a.result} />;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <span>
        Resume: <code className="font-mono">{a.status}</code>
      </span>
      {a.payload !== undefined && <JsonView value={a.payload} />}
    </div>
  );
}

/**
 * A human request of an imported A2A task or AG-UI run, read-only: what the agent asked, its status
 * then, and the answer that was given. No form, no button: nothing here reaches the agent.
 */
export function RecordedRequest(props: RecordedRequestProps) {
  const { row } = props;
  // Worded like the inbox words the row (its source's INBOX_SOURCES text).
  const asRow: InboxRow = props.source === "a2a" ? { ...props.row, source: "a2a" } : { ...props.row, source: "agui" };
  const text = textOf(asRow);
  const kindLabel = text.kindLabel(asRow);
  const prompt = text.prompt(asRow);
  const answered = props.source === "a2a" ? props.answer !== undefined : props.row.answer !== undefined;
  return (
    <Card className="gap-2 py-3" data-testid="recorded-request" data-request-id={row.id} data-kind={row.kind} data-status={row.status}>
      <CardHeader className="gap-1 px-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{kindLabel}</span>
          {props.source === "agui" && props.row.toolName && <code className="font-mono text-xs">{props.row.toolName}</code>}
          <RequestStatusBadge status={row.status} />
          <span className="text-xs text-muted-foreground">
            asked {formatClock(row.createdAt)}
            {row.answeredAt ? ` · answered ${formatClock(row.answeredAt)}` : ""}
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-3">
        <SafeText text={prompt} className="block text-sm whitespace-pre-wrap" data-testid="recorded-request-prompt" />
        {props.source === "agui" && props.row.kind === "tool" && props.row.arguments !== undefined && (
          <div className="text-xs">
            <span className="text-muted-foreground">Arguments</span>
            <JsonView value={props.row.arguments} />
          </div>
        )}
        {answered && (
          <div className="flex flex-col gap-1 border-l-2 pl-2" data-testid="recorded-request-answer">
            <span className="text-xs text-muted-foreground">The answer given</span>
            {props.source === "a2a" ? <A2aAnswer message={props.answer} /> : <AguiAnswer row={props.row} />}
          </div>
        )}
        {row.status === "stale" && row.reason && (
          <p className="text-xs text-muted-foreground" data-testid="recorded-request-reason">
            No longer answerable: {row.reason}
          </p>
        )}
        {row.error && (
          <p role="note" className="text-xs text-destructive" data-testid="recorded-request-error">
            The agent refused the answer: {row.error.message} <code className="font-mono">({row.error.code})</code>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
