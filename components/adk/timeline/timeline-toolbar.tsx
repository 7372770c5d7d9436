"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import { FILTER_KIND_LABELS, FILTER_KINDS, kindsPicked, toggleKind, type TimelineFilter } from "./filter";
import { plural } from "@/lib/format";

export interface TimelineToolbarProps {
  filter: TimelineFilter;
  onFilterChange: (filter: TimelineFilter) => void;
  /** Authors offered in the select (timelineAuthors). */
  authors: readonly string[];
  /** Tool names offered in the select (timelineToolNames). */
  tools: readonly string[];
  /** Events shown / in the session, for the count. */
  shown: number;
  total: number;
  className?: string;
}

const ALL = "__all__";

/** Search, author, tool and kind filters over the session's events. */
export function TimelineToolbar({ filter, onFilterChange, authors, tools, shown, total, className }: TimelineToolbarProps) {
  const set = (patch: Partial<TimelineFilter>) => onFilterChange({ ...filter, ...patch });
  return (
    <div data-testid="timeline-toolbar" className={cn("flex flex-wrap items-center gap-2", className)}>
      <Input
        data-testid="timeline-search"
        type="search"
        aria-label="Search events"
        placeholder="Search text, tools, args, state…"
        value={filter.search}
        onChange={(e) => set({ search: e.target.value })}
        className="h-8 w-56 min-w-40 flex-1"
      />
      <div className="w-40">
        <NativeSelect
          data-testid="timeline-filter-author"
          aria-label="Author"
          value={filter.author ?? ALL}
          onChange={(e) => set({ author: e.target.value === ALL ? null : e.target.value })}
        >
          <option value={ALL}>All authors</option>
          {authors.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="w-44">
        <NativeSelect
          data-testid="timeline-filter-tool"
          aria-label="Tool"
          value={filter.tool ?? ALL}
          onChange={(e) => set({ tool: e.target.value === ALL ? null : e.target.value })}
        >
          <option value={ALL}>All tools</option>
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div role="group" aria-label="Show only" className="flex flex-wrap items-center gap-1">
        {FILTER_KINDS.map((kind) => {
          // Nothing picked = everything shown; a picked chip is pressed, the others are not.
          const on = kindsPicked(filter.kinds) && filter.kinds[kind];
          return (
            <Button
              key={kind}
              size="xs"
              variant={on ? "secondary" : "outline"}
              data-testid={`timeline-kind-${kind}`}
              data-state={on ? "on" : "off"}
              aria-pressed={on}
              title={on ? `Stop showing only ${FILTER_KIND_LABELS[kind].toLowerCase()}` : `Show ${FILTER_KIND_LABELS[kind].toLowerCase()}`}
              onClick={() => set({ kinds: toggleKind(filter.kinds, kind) })}
            >
              {FILTER_KIND_LABELS[kind]}
            </Button>
          );
        })}
      </div>
      <span data-testid="timeline-count" className="ml-auto text-xs text-muted-foreground tabular-nums">
        {shown === total ? plural(total, "event") : `${shown} of ${plural(total, "event")}`}
      </span>
    </div>
  );
}
