"use client";

import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { StatusBadge } from "@/components/elements/status-badge";
import { cn } from "@/lib/cn";

/** Checkpoints that start another branch: a parent with more than one child, or a state written by hand. */
export function forkIds(checkpoints: readonly LgCheckpoint[]): Set<string> {
  const children = new Map<string, number>();
  for (const c of checkpoints) if (c.parentCheckpointId) children.set(c.parentCheckpointId, (children.get(c.parentCheckpointId) ?? 0) + 1);
  return new Set(
    checkpoints
      .filter(
        (c) =>
          c.source === "update" || c.source === "fork" || (c.parentCheckpointId !== null && (children.get(c.parentCheckpointId) ?? 0) > 1),
      )
      .map((c) => c.checkpointId),
  );
}

export interface LgCheckpointListProps {
  /** Newest first, as the history route answers. */
  checkpoints: LgCheckpoint[];
  selected: string | null;
  onSelect: (checkpointId: string) => void;
}

/** The thread's checkpoints: step, source, next nodes, time; the head and forks marked. */
export function LgCheckpointList({ checkpoints, selected, onSelect }: LgCheckpointListProps) {
  const forks = forkIds(checkpoints);
  return (
    <ul className="flex flex-col" aria-label="Checkpoints">
      {checkpoints.map((c, i) => (
        <li key={c.checkpointId}>
          <button
            type="button"
            data-testid={`lg-checkpoint-${c.checkpointId}`}
            data-head={i === 0 || undefined}
            data-fork={forks.has(c.checkpointId) || undefined}
            aria-pressed={selected === c.checkpointId}
            onClick={() => onSelect(c.checkpointId)}
            className={cn(
              "flex w-full flex-col gap-0.5 border-b px-2 py-1.5 text-left text-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              selected === c.checkpointId && "bg-accent",
            )}
          >
            <span className="flex flex-wrap items-center gap-1.5">
              <span className="font-semibold">step {c.step ?? "?"}</span>
              {c.source && <span className="text-muted-foreground">{c.source}</span>}
              {i === 0 && <StatusBadge tone="info">head</StatusBadge>}
              {forks.has(c.checkpointId) && <StatusBadge tone="pending">fork</StatusBadge>}
            </span>
            <span className="text-[11px] text-muted-foreground">{c.next.length > 0 ? `next: ${c.next.join(", ")}` : "end of graph"}</span>
            <span className="font-mono text-[10px] text-muted-foreground">
              {c.createdAt ?? "—"} · {c.checkpointId.slice(0, 13)}
              {c.parentCheckpointId ? ` ← ${c.parentCheckpointId.slice(0, 13)}` : ""}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
