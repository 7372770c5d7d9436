"use client";

import { CheckIcon, CircleSlashIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { DiagnosisStep } from "@/lib/contracts/connections";
import { cn } from "@/lib/cn";

const DIAGNOSIS_LABEL: Record<DiagnosisStep["step"], string> = {
  spawn: "Start the process",
  initialize: "Answer initialize",
  dns: "Resolve the host name",
  tcp: "Open a TCP connection",
  http: "HTTP answer",
  auth: "Authorization",
  protocol: "Protocol version",
};

export interface DiagnosisChecklistProps {
  /** Absent while no check has run (the doctor runs after a failed connect, or on demand). */
  steps?: DiagnosisStep[];
  running: boolean;
  error?: string;
  onRunAgain: () => void;
}

/** The connection doctor's steps in order: passed ones ticked, the failing one highlighted. */
export function DiagnosisChecklist({ steps, running, error, onRunAgain }: DiagnosisChecklistProps) {
  return (
    <section data-testid="diagnosis">
      <div className="mb-1.5 flex items-center gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Connection checks</h3>
        <Button size="xs" variant="outline" disabled={running} onClick={onRunAgain} data-testid="run-checks">
          {running ? "Checking…" : steps ? "Run checks again" : "Run checks"}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mb-1 text-xs text-destructive">
          {error}
        </p>
      )}
      {!steps ? (
        <p className="text-xs text-muted-foreground">{running ? "Checking each step…" : "No checks have run yet."}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {steps.map((step, i) => (
            <li
              key={`${step.step}-${i}`}
              data-testid="diagnosis-step"
              data-step={step.step}
              data-ok={step.ok}
              aria-current={step.ok ? undefined : "step"}
              className={cn("flex items-start gap-2 rounded-md px-2 py-1", !step.ok && "border border-destructive/30 bg-destructive/5")}
            >
              {step.ok ? (
                <CheckIcon aria-label="passed" className="mt-0.5 size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" />
              ) : (
                <XIcon aria-label="failed" className="mt-0.5 size-3.5 shrink-0 text-destructive" />
              )}
              <span className="w-44 shrink-0 font-medium">{DIAGNOSIS_LABEL[step.step]}</span>
              <span className={cn("min-w-0 break-words", !step.ok && "text-destructive")}>{step.detail}</span>
              {step.ms !== undefined && <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{step.ms} ms</span>}
            </li>
          ))}
          {steps.length > 0 && !steps[steps.length - 1]!.ok && (
            <li className="flex items-center gap-2 px-2 text-xs text-muted-foreground">
              <CircleSlashIcon aria-hidden className="size-3.5" /> Later steps were not checked.
            </li>
          )}
        </ol>
      )}
    </section>
  );
}
