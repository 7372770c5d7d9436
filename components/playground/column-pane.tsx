"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { XIcon } from "lucide-react";
import type { Entry } from "@/lib/contracts/entries";
import type { PgToolCall, PlaygroundColumn } from "@/lib/contracts/playground";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/elements/status-badge";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { formatCost } from "@/lib/format";
import { COLUMN_STATUS, formatUsage, PROVIDER_LABEL } from "@/components/playground/labels";
import { RawExchangeDialog } from "@/components/playground/raw-exchange-dialog";
import { buildColumnTimeline, columnUsage } from "@/components/playground/timeline-model";
import { OddEntry, TurnBlock } from "@/components/playground/turn-block";

export interface ColumnPaneProps {
  column: PlaygroundColumn;
  /** Every entry of the conversation; the pane keeps its column's. */
  entries: readonly Entry[];
  serverNames: Record<string, string>;
  renderApproval?: (call: PgToolCall) => ReactNode;
  /** Closes a Compare column; absent for the only column. */
  onRemove?: () => void;
  /** The column's own actions (Save as case), shown once it has a turn; absent in a read-only bundle. */
  actions?: ReactNode;
}

/** One provider/model's side of the conversation, scrolling on its own, with its totals on top. */
export function ColumnPane({ column, entries, serverNames, renderApproval, onRemove, actions }: ColumnPaneProps) {
  const timeline = useMemo(() => buildColumnTimeline(entries, column.id), [entries, column.id]);
  const usage = useMemo(() => columnUsage(column.usage, timeline), [column.usage, timeline]);
  const [raw, setRaw] = useState<{ turn: number; step: number } | null>(null);
  // Looked up on each render, so a dialog opened mid-step shows the response once it lands.
  const rawStep = raw ? timeline.turns.find((t) => t.turn === raw.turn)?.steps.find((s) => s.step === raw.step) : undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const status = COLUMN_STATUS[column.status] ?? { label: String(column.status), tone: "info" as const };

  // Follow new output while the user is at the bottom; leave them alone once they scroll up to read.
  const last = entries[entries.length - 1]?.seq;
  useEffect(() => {
    const el = scrollRef.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [last]);

  return (
    <div
      data-testid="pg-column"
      data-column-id={column.id}
      data-status={column.status}
      className="flex min-h-0 min-w-[18rem] flex-1 basis-0 flex-col border-r last:border-r-0"
    >
      <div className="flex items-start gap-2 border-b bg-muted/20 px-3 py-1.5 text-xs">
        {/* The close button keeps its corner; the rest wraps in a narrow column. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{PROVIDER_LABEL[column.config.provider] ?? column.config.provider}</span>
          <SafeText text={column.config.model} className="truncate font-mono" data-testid="pg-column-model" />
          {column.config.strict && <Badge variant="secondary">strict</Badge>}
          <StatusBadge tone={status.tone} data-testid="pg-column-status">
            {status.label}
          </StatusBadge>
          <span className="ml-auto text-muted-foreground tabular-nums" data-testid="pg-column-totals">
            {formatUsage(usage)} · {formatCost(column.costUsd)}
          </span>
          {actions && timeline.turns.length > 0 && <span className="flex items-center">{actions}</span>}
        </div>
        {onRemove && (
          <Button
            size="icon"
            variant="ghost"
            className="size-6 shrink-0"
            aria-label="Close this column"
            data-testid="pg-column-remove"
            onClick={onRemove}
          >
            <XIcon />
          </Button>
        )}
      </div>
      <div
        ref={scrollRef}
        data-testid="pg-column-scroll"
        className="min-h-0 flex-1 overflow-y-auto"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {timeline.odd.map((e) => (
          <div key={e.seq} className="px-3 pt-2">
            <OddEntry entry={e} />
          </div>
        ))}
        {timeline.turns.length === 0 && timeline.odd.length === 0 && (
          <p className="p-4 text-sm text-muted-foreground" data-testid="pg-column-empty">
            Nothing said yet. Each message goes to every column; tool calls, approvals and the raw provider traffic appear here.
          </p>
        )}
        {timeline.turns.map((t) => (
          <TurnBlock
            key={t.turn}
            turn={t}
            serverNames={serverNames}
            renderApproval={renderApproval}
            onOpenRaw={(turn, step) => setRaw({ turn, step: step.step })}
          />
        ))}
      </div>
      {raw && rawStep && (
        <RawExchangeDialog
          title={`Turn ${raw.turn}, step ${raw.step} · ${column.config.model}`}
          request={rawStep.request}
          response={rawStep.response}
          onClose={() => setRaw(null)}
        />
      )}
    </div>
  );
}
