"use client";

import { useMemo } from "react";
import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { jsonDiff } from "@/lib/diff/json-diff";
import { JsonView } from "@/components/elements/json-view";
import { LgDiffList } from "../diff-list";

/** JSON in a narrow column: lines kept whole, the box scrolls sideways instead of breaking words. */
const UNWRAPPED = "whitespace-pre break-normal";

/** What a step wrote: `metadata.writes` when the server says (older servers), else its changes against the parent checkpoint. */
function Writes({ checkpoint, parent }: { checkpoint: LgCheckpoint; parent: LgCheckpoint | null }) {
  const diff = useMemo(() => (parent ? jsonDiff(parent.values, checkpoint.values) : null), [parent, checkpoint.values]);
  if (checkpoint.writes !== null && checkpoint.writes !== undefined)
    return <JsonView value={checkpoint.writes} className={UNWRAPPED} data-testid="lg-checkpoint-writes" />;
  if (!diff)
    return (
      <p className="text-[11px] text-muted-foreground">
        The server did not say what this step wrote, and its parent is not in the history.
      </p>
    );
  return (
    <>
      <p className="text-[11px] text-muted-foreground">Changes against its parent checkpoint (the server did not send metadata.writes):</p>
      <LgDiffList diff={diff} testId="lg-checkpoint-changes" />
    </>
  );
}

export interface LgCheckpointDetailProps {
  checkpoint: LgCheckpoint;
  parent: LgCheckpoint | null;
}

/** One checkpoint: what its step wrote, its state whole, its tasks (interrupts, errors) and the raw answer. */
export function LgCheckpointDetail({ checkpoint, parent }: LgCheckpointDetailProps) {
  return (
    <div className="flex flex-col gap-2 text-xs" data-testid="lg-checkpoint-detail" data-checkpoint-id={checkpoint.checkpointId}>
      <section className="flex flex-col gap-1">
        <h3 className="text-[11px] font-semibold">What step {checkpoint.step ?? "?"} wrote</h3>
        <Writes checkpoint={checkpoint} parent={parent} />
      </section>
      <section className="flex flex-col gap-1">
        <h3 className="text-[11px] font-semibold">State</h3>
        <JsonView value={checkpoint.values} className={UNWRAPPED} data-testid="lg-checkpoint-state" />
      </section>
      {checkpoint.tasks.length > 0 && (
        <details>
          <summary className="cursor-pointer text-[11px] text-muted-foreground select-none">Tasks ({checkpoint.tasks.length})</summary>
          <JsonView value={checkpoint.tasks} className={UNWRAPPED} />
        </details>
      )}
      <details>
        <summary className="cursor-pointer text-[11px] text-muted-foreground select-none">Raw</summary>
        <JsonView value={checkpoint.raw} className={UNWRAPPED} />
      </details>
    </div>
  );
}
