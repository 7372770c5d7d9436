"use client";

import { useMemo, useRef, useState } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { AUTH_EVENT_KIND, AUTH_HTTP_KIND } from "@/lib/contracts/auth";
import type { AuthEvent, AuthHttpExchange } from "@/lib/contracts/auth";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";
import { useListVirtualizer } from "@/hooks/use-list-virtualizer";
import { PHASE_LABEL, exchangeOk } from "./auth-log";

/** One row of the log: an HTTP exchange, a flow event, or an entry without its kind's shape. */
type LogRow =
  | { type: "http"; seq: number; time: string; x: AuthHttpExchange }
  | { type: "event"; seq: number; time: string; ev: AuthEvent }
  | { type: "unread"; seq: number; time: string; error: string; raw: unknown };

function rowsOf(entries: readonly Entry[]): LogRow[] {
  const rows: LogRow[] = [];
  for (const e of entries) {
    const time = formatClock(e.receivedAt);
    const read = parseEntry(e);
    if (!read.ok) rows.push({ type: "unread", seq: e.seq, time, error: read.error, raw: e.raw });
    else if (read.kind === AUTH_HTTP_KIND) rows.push({ type: "http", seq: e.seq, time, x: read.raw });
    else if (read.kind === AUTH_EVENT_KIND) rows.push({ type: "event", seq: e.seq, time, ev: read.raw });
  }
  return rows;
}

/**
 * Every exchange and event of the flow, oldest first; each exchange opens to its masked request
 * and answer. Virtualized (a token refreshed every minute for a day is a long log), so which rows
 * are open is kept here: a row scrolled out and back keeps it.
 */
export function AuthExchanges({ entries }: { entries: readonly Entry[] }) {
  const rows = useMemo(() => rowsOf(entries), [entries]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useListVirtualizer({ count: rows.length, scrollRef, estimate: 30, getItemKey: (i) => rows[i]?.seq ?? i });
  if (rows.length === 0) return null;
  const toggle = (seq: number, isOpen: boolean) =>
    setOpen((prev) => {
      if (prev.has(seq) === isOpen) return prev;
      const next = new Set(prev);
      if (isOpen) next.add(seq);
      else next.delete(seq);
      return next;
    });
  return (
    <div ref={scrollRef} className="max-h-[70vh] overflow-y-auto" data-testid="auth-exchanges-scroll">
      <ul data-testid="auth-exchanges" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="pb-1"
              style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <LogRowView row={row} open={open.has(row.seq)} onToggle={(isOpen) => toggle(row.seq, isOpen)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LogRowView({ row, open, onToggle }: { row: LogRow; open: boolean; onToggle: (open: boolean) => void }) {
  if (row.type === "event") {
    const { ev } = row;
    return (
      <div className={cn("rounded border px-2 py-1 text-xs", !ev.ok && "border-destructive/40 bg-destructive/5")} data-testid="auth-event">
        <span className="mr-2 font-mono text-muted-foreground">{row.time}</span>
        <span className="mr-2 font-medium">{PHASE_LABEL[ev.phase]}</span>
        {ev.message}
      </div>
    );
  }
  if (row.type === "unread") {
    return (
      <details
        className="rounded border border-dashed text-xs"
        data-testid="auth-unread"
        open={open}
        onToggle={(e) => onToggle(e.currentTarget.open)}
      >
        <summary className="flex cursor-pointer items-center gap-2 px-2 py-1">
          <span className="font-mono text-muted-foreground">{row.time}</span>
          <span className="min-w-0 truncate text-muted-foreground">{row.error}</span>
        </summary>
        <div className="border-t p-2">
          <Pre value={row.raw} />
        </div>
      </details>
    );
  }
  const { x } = row;
  return (
    <details
      className={cn("rounded border text-xs", !exchangeOk(x) && "border-destructive/40")}
      data-testid="auth-exchange"
      data-phase={x.phase}
      open={open}
      onToggle={(e) => onToggle(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer items-center gap-2 px-2 py-1">
        <span className="font-mono text-muted-foreground">{row.time}</span>
        <span className="w-44 shrink-0 font-medium">{PHASE_LABEL[x.phase]}</span>
        <span className="font-mono">{x.method}</span>
        <span className={cn("font-mono", exchangeOk(x) ? "text-emerald-600 dark:text-emerald-400" : "text-destructive")}>
          {x.status || "—"}
        </span>
        <span className="min-w-0 flex-1 truncate font-mono text-muted-foreground" title={x.url}>
          {x.url}
        </span>
        <span className="font-mono text-muted-foreground">{x.ms} ms</span>
      </summary>
      <div className="grid gap-2 border-t p-2 md:grid-cols-2">
        {x.error && <p className="text-destructive md:col-span-2">{x.error}</p>}
        <div className="flex flex-col gap-1">
          <h4 className="font-semibold">Request headers</h4>
          <Pre value={x.requestHeaders} />
          <h4 className="font-semibold">Request body</h4>
          <Pre value={x.requestBody} />
        </div>
        <div className="flex flex-col gap-1">
          <h4 className="font-semibold">Response headers</h4>
          <Pre value={x.responseHeaders} />
          <h4 className="font-semibold">Response body</h4>
          <Pre value={x.responseBody} />
        </div>
      </div>
    </details>
  );
}

function Pre({ value }: { value: unknown }) {
  if (value === undefined) return <p className="text-muted-foreground">(none)</p>;
  return (
    <pre className="max-h-72 overflow-auto rounded border bg-muted/30 p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
      {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
