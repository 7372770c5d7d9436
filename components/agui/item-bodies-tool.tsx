"use client";

import type { AguiToolCallItem } from "@/lib/protocols/agui/types";
import { JsonView } from "@/components/elements/json-view";
import { StatusBadge } from "@/components/elements/status-badge";
import type { RenderRequest } from "./item-bodies-run";

/** A tool result is a string by the protocol; one that holds JSON is shown as that JSON. */
function jsonOrText(content: unknown): unknown {
  if (typeof content !== "string") return content;
  try {
    const value: unknown = JSON.parse(content);
    return value;
  } catch {
    return content;
  }
}

/** "streaming" while the item's events are still coming. */
export const Streaming = ({ on }: { on: boolean }) =>
  on ? (
    <StatusBadge tone="running" data-testid="agui-streaming">
      streaming
    </StatusBadge>
  ) : null;

/** A tool call: name, id, arguments (JSON, or the text as streamed), then its result or the request waiting for one. */
export function ToolCallBody({ item, renderRequest }: { item: AguiToolCallItem; renderRequest?: RenderRequest }) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="agui-tool-call" data-tool={item.name}>
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <span className="font-mono font-semibold">{item.name}</span>
        <span className="font-mono text-muted-foreground">{item.toolCallId}</span>
        {item.chunked && <span className="text-muted-foreground">· from chunks</span>}
        <Streaming on={!item.complete} />
      </div>
      {item.parsedArgs !== undefined ? (
        <JsonView value={item.parsedArgs} data-testid="agui-tool-args" />
      ) : (
        <pre data-testid="agui-tool-args" className="rounded bg-muted/60 p-1.5 font-mono text-[11px] break-all whitespace-pre-wrap">
          {item.args || " "}
        </pre>
      )}
      {item.argsError && <p className="text-[11px] text-destructive">Arguments are not JSON: {item.argsError}</p>}
      {item.result ? (
        <div className="flex flex-col gap-0.5" data-testid="agui-tool-result">
          <span className="text-[11px] text-muted-foreground">Result{item.result.error ? ` (${item.result.error})` : ""}</span>
          <JsonView value={jsonOrText(item.result.content)} />
        </div>
      ) : (
        renderRequest?.({ toolCallId: item.toolCallId })
      )}
    </div>
  );
}
