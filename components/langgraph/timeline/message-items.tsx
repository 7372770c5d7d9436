"use client";

import type { LgMessage, LgMessageItem, LgToolCall } from "@/lib/protocols/langgraph/messages";
import { pairMessages } from "@/lib/protocols/langgraph/messages";
import { MessageText } from "@/components/elements/message-text";
import { JsonView } from "@/components/elements/json-view";
import { SafeText } from "@/components/ui/safe-text";
import { cn } from "@/lib/cn";

const ROLE_LABEL: Record<string, string> = { human: "Human", ai: "AI", tool: "Tool", system: "System" };

function ToolResult({ message }: { message: LgMessage }) {
  return (
    <div
      data-testid="lg-tool-result"
      data-error={message.isError || undefined}
      className={cn("text-xs", message.isError && "text-destructive")}
    >
      <span className="text-[10px] font-medium text-muted-foreground">result{message.isError ? " (error)" : ""}</span>
      <pre className="font-mono text-[11px] break-all whitespace-pre-wrap">{message.text}</pre>
    </div>
  );
}

function CallItem({ call, result }: { call: LgToolCall; result: LgMessage | null }) {
  return (
    <li data-testid="lg-tool-call" data-call-id={call.id} className="flex flex-col gap-1 rounded border px-2 py-1">
      <div className="flex items-baseline gap-1.5 text-xs">
        <span className="text-[10px] text-muted-foreground">tool call</span>
        <SafeText text={call.name} className="font-mono font-semibold" />
        <span className="font-mono text-[10px] text-muted-foreground">{call.id}</span>
      </div>
      <JsonView value={call.args} className="max-h-32" />
      {result ? <ToolResult message={result} /> : <p className="text-[10px] text-muted-foreground italic">no result yet</p>}
    </li>
  );
}

function Item({ item }: { item: LgMessageItem }) {
  if (item.kind === "call") return <CallItem call={item.call} result={item.result} />;
  if (item.kind === "result") {
    return (
      <li
        data-testid="lg-tool-result-row"
        data-call-id={item.message.toolCallId ?? undefined}
        className="rounded border border-dashed px-2 py-1 text-xs"
      >
        <span className="text-[10px] text-muted-foreground">
          result of <SafeText text={item.call?.name ?? item.message.name ?? "a tool"} className="font-mono" /> ({item.message.toolCallId})
        </span>
        <pre className="font-mono text-[11px] break-all whitespace-pre-wrap">{item.message.text}</pre>
      </li>
    );
  }
  const role = item.message.role;
  return (
    <li data-testid="lg-message" data-role={role} className="flex flex-col gap-0.5">
      <span className="text-[10px] font-medium text-muted-foreground">{ROLE_LABEL[role] ?? role}</span>
      <MessageText text={item.message.text} partial={false} role={role} />
    </li>
  );
}

export interface LgMessageListProps {
  messages: readonly LgMessage[];
  /** The thread's tool results and calls by id (LgTimeline), to show each call with its result. */
  results: ReadonlyMap<string, LgMessage>;
  calls: ReadonlyMap<string, LgToolCall>;
}

/** A node's new messages: text as markdown, each tool call together with its result. */
export function LgMessageList({ messages, results, calls }: LgMessageListProps) {
  if (messages.length === 0) return null;
  const items = pairMessages(messages, results, calls);
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((item, i) => (
        <Item key={i} item={item} />
      ))}
    </ul>
  );
}
