import type * as React from "react";
import { ArrowLeftIcon, ArrowRightIcon, DotIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/elements/status-badge";
import type { Direction } from "@/lib/contracts/entries";
import { cn } from "@/lib/cn";
import type { TrafficRow as Row } from "@/lib/protocols/mcp/pairing";
import { formatClockMs, formatDuration } from "@/lib/format";
import { STATE_BADGE, rowLabel, rowSummary } from "./format";
import { MrtrBadge } from "./mrtr-badge";
import { TapOriginBadge } from "./tap-origin";

const DIRECTION: Record<Direction, { icon: typeof ArrowRightIcon; label: string; className: string }> = {
  out: { icon: ArrowRightIcon, label: "Loupe → server", className: "text-sky-600 dark:text-sky-400" },
  in: { icon: ArrowLeftIcon, label: "server → Loupe", className: "text-emerald-600 dark:text-emerald-400" },
  local: { icon: DotIcon, label: "Loupe", className: "text-muted-foreground" },
};

export interface TrafficRowProps {
  row: Row;
  selected: boolean;
  onSelect: (key: string) => void;
  /** Absolute positioning from the virtualizer. */
  style: React.CSSProperties;
  /** In selection mode: whether the row is checked, and how a click (shift: a range) checks it. */
  check?: { checked: boolean; onToggle: (key: string, shift: boolean) => void };
}

/** One line of the traffic timeline: a request/response pair or a single entry. */
export function TrafficRow({ row, selected, onSelect, style, check }: TrafficRowProps) {
  const dir = DIRECTION[row.direction];
  const Icon = dir.icon;
  const badge = STATE_BADGE[row.state];
  const log = row.type === "entry" ? row.items.find((i) => i.kind === "log") : undefined;
  const line = (
    <button
      type="button"
      data-testid="traffic-row"
      data-method={row.method}
      data-state={row.state}
      data-seq={row.seq}
      data-checked={check?.checked}
      aria-pressed={check ? check.checked : selected}
      // Selecting rows to export: a click checks the row (shift: the range up to it) instead of opening it.
      onClick={(e) => (check ? check.onToggle(row.key, e.shiftKey) : onSelect(row.key))}
      style={check ? undefined : style}
      className={cn(
        "flex w-full items-center gap-1.5 overflow-hidden border-b border-border/50 px-2 text-left font-mono text-xs hover:bg-accent/60",
        check && "h-full min-w-0 flex-1",
        (check ? check.checked : selected) && "bg-accent",
      )}
    >
      <span className="w-[6.5rem] shrink-0 text-muted-foreground tabular-nums">{formatClockMs(row.receivedAt)}</span>
      <Icon className={cn("size-3.5 shrink-0", dir.className)} aria-label={dir.label} role="img" />
      {/* The method is what a row is read by: the id and the badges give way before it (at 1024 px with
          the detail open, "tools/call" read "tool… #" beside an MRTR badge). */}
      <span className="max-w-[min(16rem,45%)] shrink-0 truncate font-medium">{rowLabel(row)}</span>
      {row.type === "request" && (
        // Ids are any string a peer chooses (the era probe's, UUIDs): cut, whole on hover.
        <span className="max-w-[8rem] min-w-0 shrink-[100] truncate text-muted-foreground" title={`#${String(row.id)}`}>
          #{String(row.id)}
        </span>
      )}
      <span className="flex min-w-0 shrink-[100] items-center gap-1.5 overflow-hidden" data-testid="traffic-row-badges">
        {log?.kind === "log" && (
          <Badge variant={log.level === "debug" || log.level === "info" ? "secondary" : "warning"}>
            {log.level}
            {log.logger ? ` · ${log.logger}` : ""}
          </Badge>
        )}
        {badge && <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>}
        {row.type === "request" && row.duplicateId && <Badge variant="warning">duplicate id</Badge>}
        {row.type === "request" && <MrtrBadge rowKey={row.key} />}
        {row.type === "request" && row.direction === "out" && row.id !== null && <TapOriginBadge requestId={row.id} />}
      </span>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{rowSummary(row)}</span>
      {row.type === "request" && row.progressCount > 0 && (
        <span className="shrink-0 text-muted-foreground">{row.progressCount} progress</span>
      )}
      {row.type === "request" && row.latencyMs !== undefined && (
        <span className="w-16 shrink-0 text-right tabular-nums">{formatDuration(row.latencyMs)}</span>
      )}
    </button>
  );
  if (!check) return line;
  // A checkbox cannot sit inside the row's button: it goes beside it, in the row's place.
  return (
    <div style={style} className="flex w-full items-center">
      <input
        type="checkbox"
        data-testid="traffic-row-check"
        aria-label={`Select ${rowLabel(row)} (seq ${row.seq})`}
        className="mx-1.5 size-3.5 shrink-0"
        checked={check.checked}
        readOnly
        onClick={(e) => check.onToggle(row.key, e.shiftKey)}
      />
      {line}
    </div>
  );
}
