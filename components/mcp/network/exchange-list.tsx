"use client";

import { useRef } from "react";
import { StatusBadge } from "@/components/elements/status-badge";
import { formatBytes, formatClockMs, formatDuration, formatUrlPath } from "@/lib/format";
import { useLiveVirtualizer } from "@/hooks/use-live-virtualizer";
import { cn } from "@/lib/cn";
import type { ListedExchange } from "@/lib/queries/network";
import { httpStatusTone } from "@/components/elements/http-status";
import { EXCHANGE_STATE, purposeOf } from "./format";

const ROW_HEIGHT = 28;

export interface ExchangeListProps {
  exchanges: ListedExchange[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Every HTTP exchange of the connection, one virtualized line each (STYLE.md 8), newest at the bottom. */
export function ExchangeList({ exchanges, selectedId, onSelect }: ExchangeListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useLiveVirtualizer({
    count: exchanges.length,
    scrollRef,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => exchanges[index]?.id ?? index,
    overscan: 12,
    scrollEndThreshold: ROW_HEIGHT,
  });
  if (exchanges.length === 0) {
    return <p className="p-3 text-xs text-muted-foreground">No HTTP exchange recorded yet: connect the server.</p>;
  }
  return (
    <div ref={scrollRef} className="min-h-0 min-w-0 flex-1 overflow-auto" data-testid="network-list">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const x = exchanges[item.index];
          if (!x) return null;
          const state = x.state === "done" ? null : EXCHANGE_STATE[x.state];
          return (
            <button
              key={item.key}
              type="button"
              data-testid="network-row"
              data-method={x.method}
              data-status={x.status}
              data-state={x.state}
              aria-pressed={x.id === selectedId}
              onClick={() => onSelect(x.id)}
              style={{ position: "absolute", top: 0, left: 0, height: item.size, transform: `translateY(${item.start}px)` }}
              className={cn(
                "flex w-full items-center gap-2 border-b border-border/50 px-2 text-left font-mono text-xs hover:bg-accent/60",
                x.id === selectedId && "bg-accent",
              )}
            >
              <span className="hidden w-[6.5rem] shrink-0 text-muted-foreground tabular-nums lg:inline">{formatClockMs(x.startedAt)}</span>
              <span className="w-12 shrink-0 font-semibold">{x.method}</span>
              <span className={cn("w-8 shrink-0 tabular-nums", httpStatusTone(x.status))}>{x.status || "—"}</span>
              {state && <StatusBadge tone={state.tone}>{state.label}</StatusBadge>}
              {/* The full purpose on hover: at 800 px with the detail open the column is narrow. */}
              <span className="min-w-16 flex-1 truncate" title={purposeOf(x)} data-testid="network-purpose">
                {purposeOf(x)}
              </span>
              {/* Every exchange of a connection usually has the same path: it gives way first. */}
              <span className="hidden max-w-[12rem] shrink truncate text-muted-foreground xl:inline" title={x.url}>
                {formatUrlPath(x.url)}
              </span>
              {x.stream && x.state !== "open" && (
                <span className="hidden shrink-0 text-muted-foreground xl:inline">{x.stream.events} events</span>
              )}
              <span className="hidden w-16 shrink-0 text-right text-muted-foreground tabular-nums lg:inline">
                {x.state === "open" ? "" : formatBytes(x.responseBytes)}
              </span>
              {/* A long-lived stream lasts minutes ("6 min 48 s"): the column grows rather than clip or wrap it. */}
              <span className="min-w-16 shrink-0 text-right whitespace-nowrap tabular-nums" data-testid="network-duration">
                {x.state === "open" ? "open" : formatDuration(x.durationMs)}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
