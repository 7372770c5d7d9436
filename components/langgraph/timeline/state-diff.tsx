"use client";

import { useMemo, useState, type ReactNode } from "react";
import { stepDiff } from "@/lib/protocols/langgraph/timeline";
import type { LgStep } from "@/lib/protocols/langgraph/types";
import { JsonView } from "@/components/elements/json-view";
import { LgDiffList } from "../diff-list";

/** What the step did to the state (before → after), computed only when opened. */
function StepDiff({ step }: { step: LgStep }) {
  const diff = useMemo(() => stepDiff(step), [step]);
  if (!diff) return <p className="text-[11px] text-muted-foreground">No state before this step to compare with.</p>;
  return <LgDiffList diff={diff} testId="lg-step-diff" />;
}

/** A disclosure whose body is built only once opened: a long thread's rows stay cheap. */
function Lazy({ label, testId, children }: { label: string; testId: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details data-testid={testId} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-[11px] text-muted-foreground select-none">{label}</summary>
      {open && children()}
    </details>
  );
}

/** The state after a step and its diff against the state before, each behind a disclosure. */
export function LgStepState({ step }: { step: LgStep }) {
  if (step.state === undefined) return null;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <Lazy label="Changes" testId="lg-step-changes">
        {() => <StepDiff step={step} />}
      </Lazy>
      <Lazy label="State after" testId="lg-step-state">
        {() => <JsonView value={step.state} />}
      </Lazy>
    </div>
  );
}
