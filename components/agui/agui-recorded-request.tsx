import type { AguiHumanRequest } from "@/lib/contracts/agui";
import { aguiInboxText } from "@/lib/workbench/agui";
import { JsonView } from "@/components/elements/json-view";
import { RecordedRequestCard } from "@/components/elements/recorded-request-card";

function AguiAnswer({ answer }: { answer: NonNullable<AguiHumanRequest["answer"]> }) {
  if (answer.kind === "tool_result") return <JsonView value={answer.result} />;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <span>
        Resume: <code className="font-mono">{answer.status}</code>
      </span>
      {answer.payload !== undefined && <JsonView value={answer.payload} />}
    </div>
  );
}

/** An imported AG-UI run's front-end tool call or interrupt, read-only, with the answer that was given. */
export function AguiRecordedRequest({ row }: { row: AguiHumanRequest }) {
  const asRow = { ...row, source: "agui" as const };
  return (
    <RecordedRequestCard
      request={row}
      kindLabel={aguiInboxText.kindLabel(asRow)}
      prompt={aguiInboxText.prompt(asRow)}
      headerExtra={row.toolName && <code className="font-mono text-xs">{row.toolName}</code>}
      details={
        row.kind === "tool" &&
        row.arguments !== undefined && (
          <div className="text-xs">
            <span className="text-muted-foreground">Arguments</span>
            <JsonView value={row.arguments} />
          </div>
        )
      }
      answer={row.answer !== undefined ? <AguiAnswer answer={row.answer} /> : undefined}
    />
  );
}
