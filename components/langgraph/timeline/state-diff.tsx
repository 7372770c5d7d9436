"use client";

import { useMemo, useState, type ReactNode } from "react";
import { formatPath, type JsonChange } from "@/lib/diff/json-diff";
import { stepDiff } from "@/lib/protocols/langgraph/timeline";
import type { LgStep } from "@/lib/protocols/langgraph/types";
import { JsonView } from "@/components/elements/json-view";
import { plural } from "@/lib/format";
import { cn } from "@/lib/cn";

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

const KIND: Record<JsonChange["kind"], { word: string; tone: string }> = {
  added: { word: "added", tone: "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300" },
  removed: { word: "removed", tone: "bg-red-500/10 text-red-800 dark:text-red-300" },
  changed: { word: "changed", tone: "bg-amber-500/10 text-amber-900 dark:text-amber-200" },
  same: { word: "same", tone: "text-muted-foreground" },
};

/** What the step did to the state (before → after), computed only when opened. */
function DiffList({ step }: { step: LgStep }) {
  const diff = useMemo(() => stepDiff(step), [step]);
  if (!diff) return <p className="text-[11px] text-muted-foreground">No state before this step to compare with.</p>;
  if (diff.equal) return <p className="text-[11px] text-muted-foreground">The state did not change.</p>;
  return (
    <ul data-testid="lg-step-diff" className="flex flex-col gap-0.5 font-mono text-[11px]">
      {diff.changes.map((c) => (
        <li key={`${c.kind}:${formatPath(c.path)}`} data-kind={c.kind} className={cn("rounded px-1.5 py-0.5 break-all", KIND[c.kind].tone)}>
          <span className="font-semibold">{formatPath(c.path)}</span> <span className="text-[10px] opacity-70">{KIND[c.kind].word}</span>{" "}
          {c.kind !== "added" && short(c.before)}
          {c.kind === "changed" && " → "}
          {c.kind !== "removed" && short(c.after)}
        </li>
      ))}
      {diff.omitted > 0 && <li className="text-muted-foreground">…{plural(diff.omitted, "more change")}</li>}
      {diff.incomplete && <li className="text-muted-foreground">Too large to compare whole: there may be more changes.</li>}
    </ul>
  );
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
        {() => <DiffList step={step} />}
      </Lazy>
      <Lazy label="State after" testId="lg-step-state">
        {() => <JsonView value={step.state} />}
      </Lazy>
    </div>
  );
}
