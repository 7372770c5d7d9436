"use client";

import type { Ref } from "react";
import { Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { cn } from "@/lib/cn";
import { LabelChip } from "@/components/adk/agents/label-chip";
import { plural } from "@/lib/format";

export interface SessionRowProps {
  /** The virtual list's measuring ref, row index and offset. */
  ref: Ref<HTMLLIElement>;
  index: number;
  start: number;
  session: AgentSessionSummary;
  selected: boolean;
  onOpen: () => void;
  /** Delete asks first: the row shows Delete / Cancel while confirming. */
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  deleting: boolean;
  onDelete: () => void;
}

/** One session in the list: name or id, labels, last update and event count; delete after a confirm. */
export function SessionRow({
  ref,
  index,
  start,
  session: s,
  selected,
  onOpen,
  confirming,
  onConfirming,
  deleting,
  onDelete,
}: SessionRowProps) {
  return (
    <li
      ref={ref}
      data-index={index}
      data-testid="session-item"
      data-session-id={s.id}
      aria-current={selected ? "true" : undefined}
      style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${start}px)` }}
      className={cn("group flex items-center gap-1 rounded-md px-2 py-1 hover:bg-accent", selected && "bg-accent")}
    >
      <button
        type="button"
        data-session-open
        className="min-w-0 flex-1 rounded-sm text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={onOpen}
      >
        {s.name && <SafeText text={s.name} className="block truncate text-xs font-medium" />}
        <SafeText text={s.id} className={cn("block truncate font-mono text-xs", s.name && "text-muted-foreground")} />
        {s.labels && s.labels.length > 0 && (
          <span className="flex flex-wrap gap-0.5 py-0.5">
            {s.labels.map((l) => (
              <LabelChip key={l} label={l} />
            ))}
          </span>
        )}
        <span className="block text-[10px] text-muted-foreground">
          {s.lastUpdateTime ? new Date(s.lastUpdateTime).toLocaleString() : "—"}
          {s.eventCount !== undefined && ` · ${plural(s.eventCount, "event")}`}
        </span>
      </button>
      {confirming ? (
        <span className="flex shrink-0 gap-1">
          <Button size="xs" variant="destructive" data-testid="confirm-delete-session" disabled={deleting} onClick={onDelete}>
            Delete
          </Button>
          <Button size="xs" variant="ghost" onClick={() => onConfirming(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button
          size="xs"
          variant="ghost"
          aria-label={`Delete session ${s.id}`}
          data-testid="delete-session"
          className="opacity-60 group-hover:opacity-100"
          onClick={() => onConfirming(true)}
        >
          <Trash2Icon />
        </Button>
      )}
    </li>
  );
}
