"use client";

import { useState } from "react";
import { useLangGraphFork, useLangGraphHistory } from "@/hooks/use-langgraph-history";
import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { QueryError } from "@/components/elements/query-error";
import { isRecord } from "@/lib/values";
import { LgCheckpointCompare, LgCheckpointPicker } from "./checkpoint-compare";
import { LgCheckpointDetail } from "./checkpoint-detail";
import { LgCheckpointList } from "./checkpoint-list";
import { LgForkEditor } from "./fork-editor";

export interface LgTimeTravelPanelProps {
  deploymentId: string;
  threadId: string;
  /** The assistant runs start with; absent: the one the checkpoint's metadata names. */
  assistantId?: string;
}

/** The assistant a checkpoint was written under (`metadata.assistant_id` of the raw history item). */
function assistantOf(c: LgCheckpoint): string | null {
  const meta = isRecord(c.raw) && isRecord(c.raw.metadata) ? c.raw.metadata : null;
  return meta && typeof meta.assistant_id === "string" ? meta.assistant_id : null;
}

/** Time travel on one thread: its checkpoints, one's state, run or fork from it, compare two. */
export function LgTimeTravelPanel({ deploymentId, threadId, assistantId }: LgTimeTravelPanelProps) {
  const history = useLangGraphHistory(deploymentId, threadId);
  const fork = useLangGraphFork(deploymentId, threadId);
  const [picked, setPicked] = useState<string | null>(null);
  const [other, setOther] = useState<string | null>(null);
  if (history.isError)
    return (
      <QueryError
        className="m-2"
        title="Could not read the thread's history"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  if (!history.data) return <p className="p-3 text-xs text-muted-foreground">Reading the checkpoints…</p>;
  const checkpoints = history.data;
  if (checkpoints.length === 0)
    return (
      <p className="p-3 text-xs text-muted-foreground" data-testid="lg-history-empty">
        This thread has no checkpoints yet.
      </p>
    );
  const byId = new Map(checkpoints.map((c) => [c.checkpointId, c]));
  const selected = (picked && byId.get(picked)) || checkpoints[0];
  if (!selected) return null;
  const compared = other ? byId.get(other) : undefined;
  const parent = selected.parentCheckpointId ? (byId.get(selected.parentCheckpointId) ?? null) : null;
  const runAs = assistantId ?? assistantOf(selected);
  return (
    <div className="flex min-h-0 min-w-0 flex-1" data-testid="lg-time-travel">
      <div className="w-60 shrink-0 overflow-y-auto border-r max-xl:w-48">
        <LgCheckpointList
          checkpoints={checkpoints}
          selected={selected.checkpointId}
          onSelect={(id) => {
            setPicked(id);
            setOther(null);
            fork.reset();
          }}
        />
      </div>
      {compared ? (
        <LgCheckpointCompare
          a={selected}
          b={compared}
          onClose={() => setOther(null)}
          onSwap={() => {
            setPicked(compared.checkpointId);
            setOther(selected.checkpointId);
          }}
        />
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
          <div className="flex items-center gap-2">
            <LgCheckpointPicker current={selected} checkpoints={checkpoints} onPick={setOther} />
            {fork.data && (
              <span className="text-[11px] text-muted-foreground" data-testid="lg-fork-started">
                run {fork.data.runId} started from {fork.data.checkpointId}
              </span>
            )}
          </div>
          <LgCheckpointDetail checkpoint={selected} parent={parent} />
          <LgForkEditor
            key={selected.checkpointId}
            checkpoint={selected}
            assistantId={runAs}
            pending={fork.isPending}
            error={fork.error}
            onFork={(values) => runAs && fork.mutate({ assistantId: runAs, checkpointId: selected.checkpointId, values })}
          />
        </div>
      )}
    </div>
  );
}
