import { ChevronDownIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { formatEventTime } from "./format";
import type { TimelineView } from "./rows";
import { plural } from "@/lib/format";

export interface CompactionFoldProps {
  timeline: TimelineState;
  /** Entry index of the compaction event. */
  entry: number;
  covered: readonly number[];
  summary: string;
  expanded: boolean;
  view: TimelineView;
  selected: boolean;
  onToggle: (entry: number) => void;
  onSelect: (index: number | null) => void;
}

/**
 * A compaction: the summary that replaced N events in the model's context (adk.md §0.10, §5).
 * Expanding it lists the events it covers right below.
 */
export function CompactionFold({ timeline, entry, covered, summary, expanded, view, selected, onToggle, onSelect }: CompactionFoldProps) {
  const ev = timeline.entries[entry]?.event;
  const n = covered.length;
  return (
    <div
      data-testid="compaction-fold"
      data-entry={entry}
      data-state={expanded ? "expanded" : "collapsed"}
      data-selected={selected}
      className={cn(
        "flex min-w-0 items-start gap-2 border-b border-l-2 border-l-violet-500/60 bg-violet-500/5 px-3 py-1.5 text-xs",
        selected && "bg-violet-500/15",
      )}
    >
      <button
        type="button"
        data-testid="compaction-fold-toggle"
        aria-expanded={expanded}
        aria-label={expanded ? "Hide summarized events" : "Show summarized events"}
        onClick={() => onToggle(entry)}
        className="mt-0.5 rounded hover:bg-accent"
      >
        {expanded ? <ChevronDownIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
      </button>
      <button
        type="button"
        className="flex min-w-0 flex-1 flex-col items-start gap-0.5 text-left"
        onClick={() => onSelect(selected ? null : entry)}
      >
        <span className="font-semibold">
          Compacted {plural(n, "event")}
          {view === "model" && <span className="ml-1 font-normal text-muted-foreground">— the model sees this summary instead</span>}
        </span>
        <span data-testid="compaction-fold-summary" className="line-clamp-2 text-muted-foreground italic">
          {summary}
        </span>
        <span className="text-[11px] text-muted-foreground tabular-nums">
          {formatEventTime(ev?.compaction?.startTime ?? null)} – {formatEventTime(ev?.compaction?.endTime ?? null)} · {ev?.author}
        </span>
      </button>
    </div>
  );
}
