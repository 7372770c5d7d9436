"use client";

import { Button } from "@/components/ui/button";
import { REQUEST_STATUS_META as STATUS_META } from "@/components/elements/request/request-status";
import { KIND_LABEL, type InboxKind } from "@/lib/workbench/inbox";
import type { InboxStatus } from "@/lib/workbench/inbox-text";
import type { InboxFilter } from "@/lib/workbench/inbox-order";

export const NO_FILTER: InboxFilter = { kinds: new Set(), statuses: new Set() };

export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(value)) next.add(value);
  return next;
}

interface ChipProps {
  label: string;
  count: number;
  pressed: boolean;
  testId: string;
  onClick: () => void;
}

function Chip({ label, count, pressed, testId, onClick }: ChipProps) {
  return (
    <Button
      size="xs"
      variant={pressed ? "secondary" : "outline"}
      className="rounded-full"
      aria-pressed={pressed}
      data-testid={testId}
      onClick={onClick}
    >
      {label}
      <span className="font-mono text-[10px] text-muted-foreground">{count}</span>
    </Button>
  );
}

export interface InboxFiltersProps {
  filter: InboxFilter;
  /** Counts of the kinds and statuses present; only those get a chip. */
  kindCounts: ReadonlyMap<InboxKind, number>;
  statusCounts: ReadonlyMap<InboxStatus, number>;
  onChange: (filter: InboxFilter) => void;
}

/** Toggle chips by kind and by status; several chips of one group combine with "or". */
export function InboxFilters({ filter, kindCounts, statusCounts, onChange }: InboxFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter the inbox" data-testid="inbox-filters">
      {[...kindCounts].map(([kind, count]) => (
        <Chip
          key={kind}
          label={KIND_LABEL[kind]}
          count={count}
          pressed={filter.kinds.has(kind)}
          testId={`filter-kind-${kind}`}
          onClick={() => onChange({ ...filter, kinds: toggled(filter.kinds, kind) })}
        />
      ))}
      <span className="mx-1 h-4 w-px bg-border" aria-hidden />
      {[...statusCounts].map(([status, count]) => (
        <Chip
          key={status}
          label={STATUS_META[status].label}
          count={count}
          pressed={filter.statuses.has(status)}
          testId={`filter-status-${status}`}
          onClick={() => onChange({ ...filter, statuses: toggled(filter.statuses, status) })}
        />
      ))}
    </div>
  );
}
