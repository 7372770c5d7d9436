"use client";

import { XIcon } from "lucide-react";
import type { AguiTimelineItem } from "@/lib/protocols/agui/types";
import { CopyButton } from "@/components/elements/copy-button";
import { JsonView } from "@/components/elements/json-view";
import { Button } from "@/components/ui/button";
import type { RunEvent } from "@/lib/queries/agui";
import { ITEM_KIND_LABEL } from "./timeline-labels";

export type InspectorTarget =
  { kind: "item"; item: AguiTimelineItem } | { kind: "event"; index: number; event: RunEvent; owner: AguiTimelineItem | null };

export interface RunInspectorProps {
  target: InspectorTarget;
  events: readonly RunEvent[];
  onClose: () => void;
  onOpenEvent: (index: number) => void;
}

const copyJson = (v: unknown) => () => JSON.stringify(v, null, 2);

/** Everything about one item or one event, raw: the inspector beside the timeline. */
export function RunInspector({ target, events, onClose, onOpenEvent }: RunInspectorProps) {
  return (
    <aside
      data-testid="agui-inspector"
      className="flex w-[26rem] max-w-[45%] shrink-0 flex-col border-l bg-background max-lg:absolute max-lg:inset-y-0 max-lg:right-0 max-lg:z-10 max-lg:w-[min(26rem,100%)] max-lg:max-w-full max-lg:shadow-lg"
    >
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <span className="min-w-0 text-sm font-medium break-words">
          {target.kind === "item" ? ITEM_KIND_LABEL[target.item.kind] : target.event.type}
        </span>
        <span className="font-mono text-xs text-muted-foreground">
          {target.kind === "item" ? `events #${target.item.first}–${target.item.last}` : `event #${target.index} · seq ${target.event.seq}`}
        </span>
        <Button size="icon" variant="ghost" className="ml-auto size-7" aria-label="Close the inspector" onClick={onClose}>
          <XIcon />
        </Button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3 text-xs">
        {target.kind === "event" ? (
          <>
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground">{new Date(target.event.receivedAt).toISOString()}</span>
              <CopyButton className="ml-auto" label="Copy JSON" getText={copyJson(target.event.event)} />
            </div>
            {target.event.truncated && (
              <p className="text-amber-700 dark:text-amber-300">
                This event was over 64 KB: shown cut; the store keeps it whole (GET /api/entries/{target.event.seq}).
              </p>
            )}
            <JsonView value={target.event.event} data-testid="agui-inspector-event" />
            {target.owner && (
              <p className="text-muted-foreground">
                Part of: {ITEM_KIND_LABEL[target.owner.kind]} (events #{target.owner.first}–{target.owner.last})
              </p>
            )}
          </>
        ) : (
          <>
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground">As assembled by Loupe</span>
              <CopyButton className="ml-auto" label="Copy JSON" getText={copyJson(target.item)} />
            </div>
            {target.item.kind === "state" && (
              <>
                <span className="font-medium">State after</span>
                <JsonView value={target.item.after} data-testid="agui-inspector-state-after" />
                {target.item.delta !== undefined && (
                  <>
                    <span className="font-medium">JSON Patch</span>
                    <JsonView value={target.item.delta} />
                  </>
                )}
              </>
            )}
            <JsonView value={target.item} data-testid="agui-inspector-item" />
            <span className="font-medium">Raw events</span>
            <EventLinks item={target.item} events={events} onOpenEvent={onOpenEvent} />
          </>
        )}
      </div>
    </aside>
  );
}

/** The item's first and last event as received, and a link to each in the events table. */
function EventLinks({
  item,
  events,
  onOpenEvent,
}: {
  item: AguiTimelineItem;
  events: readonly RunEvent[];
  onOpenEvent: (i: number) => void;
}) {
  const indices = item.first === item.last ? [item.first] : [item.first, item.last];
  return (
    <div className="flex flex-col gap-2">
      {indices.map((i) => {
        const e = events[i];
        if (!e) return null;
        return (
          <div key={i} className="flex flex-col gap-1">
            <Button size="xs" variant="link" className="h-auto self-start p-0 font-mono" onClick={() => onOpenEvent(i)}>
              #{i} {e.type}
            </Button>
            <JsonView value={e.event} />
          </div>
        );
      })}
    </div>
  );
}
