import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import { readResult } from "@/lib/protocols/a2a/frames";
import { isRecord } from "@/lib/values";
import { a2aInboxText } from "@/lib/workbench/a2a";
import { JsonView } from "@/components/elements/json-view";
import { RecordedRequestCard } from "@/components/elements/recorded-request-card";
import { PartView } from "@/components/a2a/artifact-view";

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

export interface A2aRecordedRequestProps {
  row: A2aHumanRequest;
  /** The message that carried the answer, as Loupe sent it (snapshot.answers). */
  answer?: unknown;
}

/** An imported A2A task's input- or auth-required request, read-only, with the message that answered it. */
export function A2aRecordedRequest({ row, answer }: A2aRecordedRequestProps) {
  const asRow = { ...row, source: "a2a" as const };
  return (
    <RecordedRequestCard
      request={row}
      kindLabel={a2aInboxText.kindLabel(asRow)}
      prompt={a2aInboxText.prompt(asRow)}
      answer={answer !== undefined ? <A2aAnswer message={answer} /> : undefined}
    />
  );
}
