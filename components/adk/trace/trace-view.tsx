"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { buildTraceTree, formatDuration, matchSpanEvent } from "@/lib/protocols/adk/trace";
import type { InvocationTrace, MatchableEvent, RawSpan, SpanKind, SpanRow } from "@/lib/protocols/adk/trace";

export interface TraceViewProps {
  /** Raw spans as `/debug/trace/session/{sid}` returns them (a bundle's `snapshot.trace` too). */
  spans: readonly RawSpan[];
  /** The session's events, to find the event a span produced. */
  events?: readonly MatchableEvent[];
  selectedEventId?: string | null;
  onSelectEvent?: (eventId: string) => void;
}

const KIND_BAR: Record<SpanKind, string> = {
  invocation: "bg-slate-400/70 dark:bg-slate-500/70",
  agent: "bg-amber-500/70 dark:bg-amber-400/60",
  llm: "bg-violet-500/80 dark:bg-violet-400/70",
  tool: "bg-emerald-500/80 dark:bg-emerald-400/70",
  other: "bg-muted-foreground/50",
};

const KIND_LABEL: Record<SpanKind, string> = { invocation: "invocation", agent: "agent", llm: "LLM", tool: "tool", other: "span" };

function SpanLine({
  row,
  total,
  eventId,
  selected,
  onSelect,
}: {
  row: SpanRow;
  total: number;
  eventId?: string;
  selected: boolean;
  onSelect?: (eventId: string) => void;
}) {
  const left = total > 0 ? (row.offsetMs / total) * 100 : 0;
  const width = total > 0 ? Math.max((row.durationMs / total) * 100, 0.5) : 100;
  const clickable = Boolean(eventId && onSelect);
  return (
    <li
      data-testid="trace-span"
      data-kind={row.kind}
      data-span-id={row.spanId}
      data-event-id={eventId}
      data-selected={selected || undefined}
      className={cn(
        "grid grid-cols-[minmax(0,14rem)_minmax(4rem,1fr)_4.5rem] items-center gap-2 rounded px-1 py-0.5 text-xs @max-md:grid-cols-[minmax(0,9rem)_minmax(3rem,1fr)_4rem]",
        clickable && "cursor-pointer hover:bg-accent",
        selected && "bg-accent ring-1 ring-ring/40",
      )}
      onClick={clickable ? () => onSelect!(eventId!) : undefined}
      title={clickable ? `${row.name}: click to select the event it produced` : row.name}
    >
      <span className="flex min-w-0 items-center gap-1" style={{ paddingLeft: `${row.depth * 0.75}rem` }}>
        <span className={cn("size-2 shrink-0 rounded-sm", KIND_BAR[row.kind])} aria-label={KIND_LABEL[row.kind]} />
        <span className="truncate font-mono">{row.name}</span>
      </span>
      <span className="relative h-3 min-w-0 rounded-sm bg-muted/50">
        <span
          data-testid="trace-bar"
          className={cn("absolute inset-y-0 rounded-sm", KIND_BAR[row.kind])}
          style={{ left: `${left}%`, width: `${width}%` }}
        />
      </span>
      <span data-testid="trace-duration" className="text-right text-muted-foreground tabular-nums">
        {formatDuration(row.durationMs)}
      </span>
    </li>
  );
}

function Invocation({ inv, events, selectedEventId, onSelectEvent }: { inv: InvocationTrace } & Omit<TraceViewProps, "spans">) {
  return (
    <section data-testid="trace-invocation" data-invocation-id={inv.invocationId} className="flex min-w-0 flex-col gap-0.5">
      <h3 className="flex flex-wrap items-center gap-1.5 px-1 text-xs">
        <span className="font-semibold">Invocation</span>
        <span className="min-w-0 truncate font-mono text-muted-foreground">{inv.invocationId ?? inv.rootSpanId}</span>
        <Badge variant="outline" className="tabular-nums">
          {formatDuration(inv.durationMs)}
        </Badge>
        <span className="text-muted-foreground">{new Date(inv.startMs).toLocaleTimeString()}</span>
      </h3>
      <ul className="flex min-w-0 flex-col">
        {inv.rows.map((row) => {
          const eventId = events ? matchSpanEvent(row, events) : undefined;
          return (
            <SpanLine
              key={row.spanId}
              row={row}
              total={inv.durationMs}
              eventId={eventId}
              selected={!!eventId && eventId === selectedEventId}
              onSelect={onSelectEvent}
            />
          );
        })}
      </ul>
    </section>
  );
}

/** The span tree per invocation with timing bars relative to the invocation's start. */
export function TraceView({ spans, ...rest }: TraceViewProps) {
  const invocations = useMemo(() => buildTraceTree(spans), [spans]);
  if (invocations.length === 0) {
    return (
      <p data-testid="trace-empty" className="p-3 text-xs text-muted-foreground">
        No spans for this session. The server keeps spans in memory: runs from before it restarted have none.
      </p>
    );
  }
  return (
    <div data-testid="trace-view" className="@container flex min-w-0 flex-col gap-3 p-2">
      <p className="flex flex-wrap gap-2 px-1 text-[11px] text-muted-foreground">
        {(["agent", "llm", "tool"] as const).map((k) => (
          <span key={k} className="flex items-center gap-1">
            <span className={cn("size-2 rounded-sm", KIND_BAR[k])} /> {KIND_LABEL[k]}
          </span>
        ))}
      </p>
      {invocations.map((inv) => (
        <Invocation key={inv.rootSpanId} inv={inv} {...rest} />
      ))}
    </div>
  );
}
