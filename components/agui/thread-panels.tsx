"use client";

import { CopyButton } from "@/components/elements/copy-button";
import { JsonView } from "@/components/elements/json-view";
import { VirtualList } from "@/components/elements/virtual-list";
import { isRecord } from "@/lib/values";

export interface StatePanelProps {
  state: unknown;
  /** Said above the value: where this state comes from (live run or the thread's record). */
  source: string;
}

/** The thread's current state, whole (the timeline shows what each event changed). */
export function StatePanel({ state, source }: StatePanelProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3" data-testid="agui-state-panel">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span>{source}</span>
        <CopyButton className="ml-auto" label="Copy JSON" getText={() => JSON.stringify(state, null, 2)} />
      </div>
      {state === undefined || state === null || (typeof state === "object" && Object.keys(state).length === 0) ? (
        <p className="text-xs text-muted-foreground">The state is empty: the agent sent no STATE_SNAPSHOT or STATE_DELTA yet.</p>
      ) : (
        <JsonView value={state} className="max-h-none" data-testid="agui-state-json" />
      )}
    </div>
  );
}

interface MessageView {
  key: string;
  id: string;
  role: string;
  text: string;
  toolCalls: Array<{ id: string; name: string; args: string }>;
  toolCallId?: string;
  raw: unknown;
}

/** One content part as a word: its text, or its type in brackets. */
const partText = (p: unknown): string =>
  isRecord(p) && "text" in p ? String(p.text) : `[${String((isRecord(p) ? p.type : undefined) ?? "part")}]`;

function messageView(m: unknown, i: number): MessageView {
  const o = isRecord(m) ? m : {};
  const content = o.content;
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map(partText).join(" ")
        : content === undefined
          ? ""
          : JSON.stringify(content);
  const calls = Array.isArray(o.toolCalls) ? o.toolCalls : [];
  return {
    key: `${i}:${String(o.id ?? "")}`,
    id: String(o.id ?? ""),
    role: String(o.role ?? "?"),
    text,
    toolCalls: calls.map((c) => {
      const call = isRecord(c) ? c : {};
      const fn = isRecord(call.function) ? call.function : {};
      return { id: String(call.id ?? ""), name: String(fn.name ?? "?"), args: String(fn.arguments ?? "") };
    }),
    toolCallId: typeof o.toolCallId === "string" ? o.toolCallId : undefined,
    raw: m,
  };
}

/** The thread's messages as Loupe sends them on the next run (AG-UI Message[]). */
export function MessagesPanel({ messages }: { messages: readonly unknown[] }) {
  const rows = messages.map(messageView);
  return (
    <VirtualList
      testId="agui-messages-panel"
      rows={rows}
      estimate={56}
      empty="No messages in this thread yet."
      render={(m) => (
        <div data-testid="agui-message" data-role={m.role} className="flex flex-col gap-1 border-b px-3 py-2 text-sm">
          <div className="flex items-center gap-2 text-[11px] text-muted-foreground">
            <span className="font-semibold text-foreground uppercase">{m.role}</span>
            <span className="font-mono">{m.id}</span>
            {m.toolCallId && <span className="font-mono">→ call {m.toolCallId}</span>}
          </div>
          {m.text && <p className="whitespace-pre-wrap">{m.text}</p>}
          {m.toolCalls.map((c) => (
            <p key={c.id} className="font-mono text-xs">
              {c.name}({c.args}) <span className="text-muted-foreground">{c.id}</span>
            </p>
          ))}
          <details className="text-xs">
            <summary className="cursor-pointer text-muted-foreground select-none">raw</summary>
            <JsonView value={m.raw} />
          </details>
        </div>
      )}
    />
  );
}
