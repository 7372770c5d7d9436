"use client";

import type {
  AguiActivityItem,
  AguiMessagesSnapshotItem,
  AguiReasoningItem,
  AguiStepItem,
  AguiSubagentItem,
  AguiTextItem,
  AguiTimelineItem,
} from "@/lib/protocols/agui/types";
import { JsonView } from "@/components/elements/json-view";
import { StatusBadge } from "@/components/elements/status-badge";
import { StateDiffView } from "./state-diff-view";
import { OtherBody, RunMarkBody, type RenderRequest } from "./item-bodies-run";
import { Streaming, ToolCallBody } from "./item-bodies-tool";

export { UsageLine, type RenderRequest } from "./item-bodies-run";

function TextBody({ item }: { item: AguiTextItem }) {
  return (
    <div className="flex flex-col gap-1">
      <p data-testid="agui-text" className="text-sm whitespace-pre-wrap">
        {item.text || <span className="text-muted-foreground italic">(empty)</span>}
      </p>
      <div className="flex gap-1.5 text-[11px] text-muted-foreground">
        <span>{item.role}</span>
        {item.chunked && <span>· from chunks</span>}
        <Streaming on={!item.complete} />
      </div>
    </div>
  );
}

function ReasoningBody({ item }: { item: AguiReasoningItem }) {
  return (
    <details data-testid="agui-reasoning" className="text-xs" open={!item.complete}>
      <summary className="cursor-pointer text-muted-foreground select-none">
        Reasoning ({item.text.length} chars{item.encrypted ? `, ${item.encrypted} encrypted value(s)` : ""}
        {item.legacy ? ", THINKING_* events" : ""}) <Streaming on={!item.complete} />
      </summary>
      <p className="mt-1 border-l-2 pl-2 whitespace-pre-wrap text-muted-foreground italic">{item.text}</p>
    </details>
  );
}

function MessagesBody({ item }: { item: AguiMessagesSnapshotItem }) {
  return (
    <details className="text-xs" data-testid="agui-messages-snapshot">
      <summary className="cursor-pointer text-muted-foreground select-none">
        {item.messages.length} message(s) replace the thread&apos;s history
      </summary>
      <JsonView value={item.messages} />
    </details>
  );
}

function ActivityBody({ item }: { item: AguiActivityItem }) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      <span>
        <span className="font-mono">{item.activityType}</span> <span className="text-muted-foreground">· {item.updates} update(s)</span>
      </span>
      {item.error && <p className="text-destructive">{item.error}</p>}
      <JsonView value={item.content} />
    </div>
  );
}

const StepBody = ({ item }: { item: AguiStepItem }) => (
  <span className="text-xs">
    <span className="font-mono font-semibold">{item.name}</span> <Streaming on={!item.complete} />
  </span>
);

const SubagentBody = ({ item }: { item: AguiSubagentItem }) => (
  <span className="flex items-center gap-1.5 text-xs">
    <span className="font-semibold">{item.name}</span>
    <span className="font-mono text-muted-foreground">{item.subagentRunId}</span>
    <StatusBadge tone={item.status === "running" ? "running" : item.status === "error" ? "failed" : "ok"}>{item.status}</StatusBadge>
  </span>
);

/** The body of one timeline item, by kind. */
export function ItemBody({ item, renderRequest }: { item: AguiTimelineItem; renderRequest?: RenderRequest }) {
  switch (item.kind) {
    case "text":
      return <TextBody item={item} />;
    case "reasoning":
      return <ReasoningBody item={item} />;
    case "tool_call":
      return <ToolCallBody item={item} renderRequest={renderRequest} />;
    case "state":
      return <StateDiffView before={item.before} after={item.after} error={item.error} />;
    case "messages_snapshot":
      return <MessagesBody item={item} />;
    case "activity":
      return <ActivityBody item={item} />;
    case "step":
      return <StepBody item={item} />;
    case "subagent":
      return <SubagentBody item={item} />;
    case "run_started":
    case "run_finished":
    case "run_error":
      return <RunMarkBody item={item} renderRequest={renderRequest} />;
    case "raw":
    case "custom":
    case "unknown":
    case "after_end":
      return <OtherBody item={item} />;
  }
}
