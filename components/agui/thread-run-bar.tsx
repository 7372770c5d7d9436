"use client";

import { SegmentedTabs } from "@/components/elements/segmented-tabs";
import { Button } from "@/components/ui/button";
import type { RunRecordView } from "@/lib/queries/agui";
import { RunStatusBadge } from "./thread-list";

export type ThreadTab = "timeline" | "state" | "messages";
const TAB_LABEL: Record<ThreadTab, string> = { timeline: "Run timeline", state: "State", messages: "Messages" };
const TABS: readonly ThreadTab[] = ["timeline", "state", "messages"];

export interface ThreadRunBarProps {
  runs: readonly RunRecordView[];
  openRunId: string | null;
  onOpenRun: (runId: string) => void;
  tab: ThreadTab;
  onTab: (tab: ThreadTab) => void;
}

/** Above a thread: one chip per run (replayed history marked, status, events, a dot while it waits for the user), and the thread's tabs. */
export function ThreadRunBar({ runs, openRunId, onOpenRun, tab, onTab }: ThreadRunBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 border-b px-3 py-2" data-testid="agui-run-bar">
      {runs.length === 0 && <span className="text-xs text-muted-foreground">No runs recorded in this thread.</span>}
      {runs.map((r, i) => {
        const pending = r.requests.some((q) => q.status === "pending" || q.status === "failed");
        return (
          <Button
            key={r.runId}
            size="xs"
            variant={r.runId === openRunId ? "secondary" : "ghost"}
            aria-pressed={r.runId === openRunId}
            data-testid="agui-run-chip"
            data-run-id={r.runId}
            title={r.record?.replayedIn ? `${r.runId}: history the agent replayed before run ${r.record.replayedIn}` : r.runId}
            onClick={() => onOpenRun(r.runId)}
          >
            Run {i + 1}
            {r.record?.replayedIn && <span className="text-muted-foreground">replayed</span>}
            {r.record && <RunStatusBadge status={r.record.status} answered={r.requests.length > 0 && !pending} waiting={pending} />}
            <span className="text-muted-foreground">{r.events.length} ev</span>
            {pending && <span className="size-1.5 rounded-full bg-sky-500" aria-label="waits for you" />}
          </Button>
        );
      })}
      <SegmentedTabs tabs={TABS} value={tab} onChange={onTab} label={(t) => TAB_LABEL[t]} testIdPrefix="agui-tab-" />
    </div>
  );
}
