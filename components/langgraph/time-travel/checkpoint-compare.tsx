"use client";

import { useMemo, useState } from "react";
import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { jsonDiff } from "@/lib/diff/json-diff";
import { ChangeList } from "@/components/elements/compare/change-list";
import { CompareFrame } from "@/components/elements/compare/compare-frame";
import { CompareCandidate, ComparePicker } from "@/components/elements/compare/compare-picker";

export interface LgCheckpointPickerProps {
  current: LgCheckpoint;
  checkpoints: LgCheckpoint[];
  onPick: (checkpointId: string) => void;
}

/** "Compare with…": the other checkpoints of the thread. */
export function LgCheckpointPicker({ current, checkpoints, onPick }: LgCheckpointPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <ComparePicker
      open={open}
      onOpenChange={setOpen}
      triggerTestId="lg-compare-with"
      dialogTestId="lg-compare-dialog"
      title="Compare with another checkpoint"
      description={`Step ${current.step ?? "?"}'s state is A; pick B.`}
    >
      <ul className="flex max-h-80 flex-col overflow-auto">
        {checkpoints
          .filter((c) => c.checkpointId !== current.checkpointId)
          .map((c) => (
            <CompareCandidate
              key={c.checkpointId}
              data-testid={`lg-compare-candidate-${c.checkpointId}`}
              onClick={() => {
                setOpen(false);
                onPick(c.checkpointId);
              }}
            >
              <span className="text-xs font-semibold">step {c.step ?? "?"}</span>{" "}
              <span className="font-mono text-[10px] text-muted-foreground">{c.checkpointId}</span>
            </CompareCandidate>
          ))}
      </ul>
    </ComparePicker>
  );
}

export interface LgCheckpointCompareProps {
  a: LgCheckpoint;
  b: LgCheckpoint;
  onSwap: () => void;
  onClose: () => void;
}

/** Two checkpoints' states: every path that differs, A's value → B's. */
export function LgCheckpointCompare({ a, b, onSwap, onClose }: LgCheckpointCompareProps) {
  const diff = useMemo(() => jsonDiff(a.values, b.values), [a.values, b.values]);
  return (
    <CompareFrame
      testId="lg-checkpoint-compare"
      a={a.checkpointId}
      b={b.checkpointId}
      title="Compare two checkpoints"
      onSwap={onSwap}
      onClose={onClose}
      failure={null}
      loading={false}
    >
      <div className="flex flex-col gap-2 overflow-auto p-3 text-xs">
        <p className="text-muted-foreground">
          A: step {a.step ?? "?"} <span className="font-mono">{a.checkpointId}</span> · B: step {b.step ?? "?"}{" "}
          <span className="font-mono">{b.checkpointId}</span>
        </p>
        {diff.equal ? (
          <p data-testid="lg-compare-equal">The two states are the same.</p>
        ) : (
          <ChangeList diff={diff} data-testid="lg-compare-changes" />
        )}
      </div>
    </CompareFrame>
  );
}
