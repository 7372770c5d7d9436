import { ArrowDownLeftIcon, ArrowUpRightIcon, DotIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { Entry } from "@/lib/contracts/entries";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/format";
import type { EntrySummary } from "@/components/a2a/entry-summary";
import { A2aStateBadge } from "@/components/a2a/state-badge";

export interface TimelineRowProps {
  entry: Entry;
  summary: EntrySummary;
  /** ms since the previous step (null for the first). */
  sincePrev: number | null;
  sinceStart: number;
  selected: boolean;
  onSelect: (seq: number) => void;
}

const DIRECTION_ICON = { out: ArrowUpRightIcon, in: ArrowDownLeftIcon, local: DotIcon } as const;

/** One step: direction, kind chip, state, words, latency; click opens its raw JSON. */
export function TimelineRow({ entry, summary, sincePrev, sinceStart, selected, onSelect }: TimelineRowProps) {
  const Icon = DIRECTION_ICON[entry.direction];
  return (
    <button
      type="button"
      data-testid="a2a-timeline-row"
      data-kind={summary.chip}
      data-state={summary.state}
      aria-pressed={selected}
      onClick={() => onSelect(entry.seq)}
      className={cn(
        "flex w-full items-start gap-2 border-b px-3 py-1.5 text-left text-xs outline-none hover:bg-accent/40 focus-visible:bg-accent/60",
        selected && "bg-accent",
        summary.error && "bg-destructive/5",
      )}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-label={entry.direction} />
      <span
        className="w-16 shrink-0 text-right font-mono text-[11px] text-muted-foreground tabular-nums"
        title={`${formatDuration(sinceStart)} since the first step`}
      >
        {sincePrev === null ? "start" : `+${formatDuration(sincePrev)}`}
      </span>
      <Badge variant={summary.error ? "destructive" : "outline"} className="shrink-0 font-mono">
        {summary.chip}
      </Badge>
      {summary.state && <A2aStateBadge state={summary.state} className="shrink-0" />}
      {summary.role && <span className="shrink-0 text-muted-foreground">{summary.role}</span>}
      <span className="min-w-0 flex-1 break-words">{summary.text}</span>
      {summary.streaming && (
        <Badge variant="info" className="shrink-0 animate-pulse" data-testid="a2a-streaming">
          streaming
        </Badge>
      )}
    </button>
  );
}
