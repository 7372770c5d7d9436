"use client";

import { useLayoutEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { BellIcon, BellRingIcon, FileIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ResourceUpdate } from "@/lib/queries/resources";
import { formatBytes, formatClock } from "@/lib/format";
import { cn } from "@/lib/cn";
import { resourceLabel } from "./resource-filter";
import { SafeText } from "@/components/ui/safe-text";
import { useListKeys } from "@/hooks/use-list-keys";
import { useListVirtualizer } from "@/hooks/use-list-virtualizer";

const time = formatClock;

function Annotations({ annotations }: { annotations: Resource["annotations"] }) {
  if (!annotations) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="resource-annotations">
      {annotations.audience?.length ? <Badge variant="outline">for {annotations.audience.join(", ")}</Badge> : null}
      {annotations.priority !== undefined && <Badge variant="outline">priority {annotations.priority}</Badge>}
      {annotations.lastModified && <Badge variant="outline">modified {annotations.lastModified}</Badge>}
    </span>
  );
}

/** A list row, highlighted when selected (resources and templates alike). */
export function rowClass(selected: boolean) {
  return cn(
    "flex w-full cursor-pointer flex-col gap-0.5 border-b px-3 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
    selected && "bg-accent",
  );
}

export interface ResourceListProps {
  resources: readonly Resource[];
  selectedUri: string | null;
  onSelect: (uri: string) => void;
  subscriptions: readonly string[];
  latestUpdates: ReadonlyMap<string, ResourceUpdate>;
  /** The column's scroller, shared with the subscriptions and templates around the list. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

const ROW_ESTIMATE = 64;

/**
 * Virtualized: a server may list thousands of resources. The rows live in the column's own
 * scroller (with the sections above and below), so the list's offset in it is the scroll margin.
 */
export function ResourceList({ resources, selectedUri, onSelect, subscriptions, latestUpdates, scrollRef }: ResourceListProps) {
  const onListKeyDown = useListKeys({ edges: false });
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // The sections above (subscriptions, count line) change height with their content: re-measure
  // each render. The scroller is positioned, so it is the list's offsetParent.
  useLayoutEffect(() => {
    const offset = listRef.current?.offsetTop ?? 0;
    if (offset !== margin) setMargin(offset);
  });
  const virtualizer = useListVirtualizer({
    count: resources.length,
    scrollRef,
    estimate: ROW_ESTIMATE,
    getItemKey: (index) => resources[index]?.uri ?? index,
    scrollMargin: margin,
  });
  if (resources.length === 0) return <p className="px-3 py-2 text-xs text-muted-foreground">No resources match.</p>;
  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label="Resources"
      data-testid="resource-list"
      onKeyDown={onListKeyDown}
      style={{ height: virtualizer.getTotalSize(), position: "relative" }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const r = resources[row.index];
        if (!r) return null;
        const update = latestUpdates.get(r.uri);
        const subscribed = subscriptions.includes(r.uri);
        return (
          <button
            type="button"
            role="option"
            aria-selected={r.uri === selectedUri}
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            data-testid="resource-item"
            data-uri={r.uri}
            onClick={() => onSelect(r.uri)}
            style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${row.start - margin}px)` }}
            className={rowClass(r.uri === selectedUri)}
          >
            <span className="flex items-center gap-1.5">
              <FileIcon className="size-3.5 shrink-0 text-muted-foreground" />
              <SafeText text={resourceLabel(r)} className="truncate text-xs font-medium" />
              {r.title && r.title !== r.name && <SafeText text={r.name} className="truncate font-mono text-[11px] text-muted-foreground" />}
              <span className="ml-auto flex shrink-0 items-center gap-1">
                {subscribed && <BellIcon className="size-3 text-sky-600 dark:text-sky-400" aria-label="Subscribed" />}
                {update && (
                  <span
                    className="inline-flex items-center gap-0.5 text-[10px] text-sky-700 dark:text-sky-300"
                    data-testid="resource-updated-marker"
                  >
                    <BellRingIcon className="size-3" /> {time(update.at)}
                  </span>
                )}
              </span>
            </span>
            <span className="truncate font-mono text-[11px] text-muted-foreground">{r.uri}</span>
            <span className="flex flex-wrap items-center gap-1 text-[11px] text-muted-foreground">
              {r.mimeType && <Badge variant="secondary">{r.mimeType}</Badge>}
              {r.size !== undefined && <Badge variant="outline">{formatBytes(r.size)}</Badge>}
              <Annotations annotations={r.annotations} />
            </span>
          </button>
        );
      })}
    </div>
  );
}
