"use client";

import { PlusIcon } from "lucide-react";
import type { AguiRunStatus, AguiThreadSummary } from "@/lib/contracts/agui";
import type { InboxRow } from "@/lib/contracts/inbox";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import { Button } from "@/components/ui/button";
import { formatClock, plural } from "@/lib/format";
import { SessionRow } from "@/components/elements/session-row";

/** Records, so a new run status without a label or tone is a type error (STYLE rule 7). */
export const RUN_STATUS_META: Record<AguiRunStatus, { label: string; tone: StatusTone }> = {
  running: { label: "Running", tone: "running" },
  finished: { label: "Finished", tone: "ok" },
  interrupted: { label: "Waiting", tone: "pending" },
  error: { label: "Error", tone: "failed" },
  aborted: { label: "Aborted", tone: "canceled" },
};

/** A run that ended on interrupts, once every one is answered: it waits for no one (issue 23: it kept reading "Waiting"). */
const ANSWERED = { label: "Answered", tone: "ok" } as const satisfies { label: string; tone: StatusTone };

/**
 * A run's (or a thread's last run's) status. `waiting`: a request it raised still waits for the user
 * (a front-end tool call ends the run "finished", yet the user owes the result), so it reads as an
 * interrupt does until answered; a new run started meanwhile reads Running. `answered`: every request
 * the run raised has been answered, so an interrupted run no longer waits (the run record keeps
 * "interrupted": it is how the run ended).
 */
export function RunStatusBadge({
  status,
  answered = false,
  waiting = false,
}: {
  status: AguiRunStatus;
  answered?: boolean;
  waiting?: boolean;
}) {
  const meta =
    waiting && status !== "running"
      ? RUN_STATUS_META.interrupted
      : status === "interrupted" && answered
        ? ANSWERED
        : RUN_STATUS_META[status];
  return (
    <StatusBadge
      tone={meta.tone}
      data-testid="agui-run-status"
      data-status={status}
      data-answered={answered || undefined}
      data-waiting={waiting || undefined}
    >
      {meta.label}
    </StatusBadge>
  );
}

/** The agent's threads with a request still waiting for the user (pending, or failed and so still owed), from the inbox. */
export function waitingThreadsOf(rows: readonly InboxRow[] | undefined, agentId: string): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const r of rows ?? []) {
    if (r.source === "agui" && r.agentId === agentId && (r.status === "pending" || r.status === "failed")) ids.add(r.threadId);
  }
  return ids;
}

export interface ThreadListProps {
  threads: AguiThreadSummary[];
  selectedId: string | null;
  onSelect: (threadId: string | null) => void;
  /** Threads with a request (front-end tool call, interrupt) still waiting for the user. */
  waitingThreads?: ReadonlySet<string>;
}

/** The agent's threads, newest first; "New thread" clears the selection so the next run starts one. */
export function ThreadList({ threads, selectedId, onSelect, waitingThreads }: ThreadListProps) {
  const sorted = [...threads].sort((a, b) => b.updatedAt - a.updatedAt);
  return (
    <div className="flex flex-col gap-1 p-1.5" data-testid="agui-thread-list">
      <Button
        size="sm"
        variant={selectedId === null ? "secondary" : "outline"}
        data-testid="agui-new-thread"
        onClick={() => onSelect(null)}
      >
        <PlusIcon /> New thread
      </Button>
      {sorted.length === 0 && <p className="px-1.5 py-2 text-xs text-muted-foreground">No threads yet: the first run starts one.</p>}
      <ul className="flex flex-col gap-0.5">
        {sorted.map((t) => (
          <li key={t.threadId}>
            <SessionRow id={t.threadId} selected={selectedId === t.threadId} onSelect={onSelect} testId="agui-thread-row">
              <RunStatusBadge status={t.lastStatus} waiting={waitingThreads?.has(t.threadId) ?? false} />
              {plural(t.runCount, "run")} · {formatClock(t.updatedAt)}
            </SessionRow>
          </li>
        ))}
      </ul>
    </div>
  );
}
