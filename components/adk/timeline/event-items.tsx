import type { ReactNode } from "react";
import { callRecordAt } from "@/lib/protocols/adk/timeline";
import type { TimelineEntry, TimelineState } from "@/lib/protocols/adk/timeline-types";
import type { AdkItem, AdkItemOf } from "@/lib/protocols/adk/types";
import { ItemView, type SimpleItem } from "./item-view";
import { Unrecognized } from "./item-parts";
import { ToolCallCard, ToolResultLine } from "./tool-call-card";

type Call = { call: AdkItemOf<"tool_call">; pauses: boolean };
type Block =
  | { type: "calls"; calls: Call[] }
  | { type: "result"; item: AdkItemOf<"tool_result"> }
  | { type: "pause"; callId: string }
  | { type: "item"; item: SimpleItem };

/**
 * Consecutive function calls are one block (the model asked for them in parallel); a pause item
 * right after its call attaches to that call, so the interrupt card sits right below it.
 */
export function itemBlocks(items: readonly AdkItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const last = blocks[blocks.length - 1];
    if (item.kind === "tool_call") {
      const call = { call: item, pauses: false };
      if (last?.type === "calls") last.calls.push(call);
      else blocks.push({ type: "calls", calls: [call] });
    } else if (item.kind === "interrupt") {
      const owner = last?.type === "calls" ? last.calls.find((c) => c.call.callId === item.callId) : undefined;
      if (owner) owner.pauses = true;
      else blocks.push({ type: "pause", callId: item.callId });
    } else if (item.kind === "tool_result") {
      blocks.push({ type: "result", item });
    } else {
      blocks.push({ type: "item", item });
    }
  }
  return blocks;
}

export interface EventItemsProps {
  entry: TimelineEntry;
  timeline: TimelineState;
  renderInterrupt?: (callId: string, eventId: string) => ReactNode;
  onOpenArtifact?: (filename: string, version: number) => void;
}

/** The items of one event in wire order, tool calls paired with their results. */
export function EventItems({ entry, timeline, renderInterrupt, onOpenArtifact }: EventItemsProps) {
  const blocks = itemBlocks(entry.items);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {blocks.map((block, i) => {
        switch (block.type) {
          case "calls":
            return (
              <div
                key={i}
                data-testid={block.calls.length > 1 ? "tool-calls-parallel" : undefined}
                className={block.calls.length > 1 ? "grid min-w-0 gap-1.5 md:grid-cols-2" : "min-w-0"}
              >
                {block.calls.map(({ call, pauses }) => (
                  <ToolCallCard
                    key={call.callId}
                    call={call}
                    record={callRecordAt(timeline, call.callId, entry.index)}
                    interrupt={pauses ? renderInterrupt?.(call.callId, entry.event.id) : undefined}
                  />
                ))}
              </div>
            );
          case "result":
            return (
              <ToolResultLine
                key={i}
                item={block.item}
                record={callRecordAt(timeline, block.item.callId, entry.index)}
                entry={entry.index}
              />
            );
          case "pause":
            return (
              <div key={i} data-testid="interrupt-slot" data-call-id={block.callId}>
                {renderInterrupt?.(block.callId, entry.event.id)}
              </div>
            );
          case "item":
            return <ItemView key={i} item={block.item} onOpenArtifact={onOpenArtifact} />;
          default:
            return <Unrecognized key={i} reason="unknown block" raw={block satisfies never} />;
        }
      })}
    </div>
  );
}
