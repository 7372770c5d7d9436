"use client";

import { useState } from "react";
import { AlertTriangleIcon } from "lucide-react";
import type { AguiFinding, AguiFindingLevel } from "@/lib/protocols/agui/types";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { MalformedFrame } from "@/lib/queries/agui";

const LEVEL_CLASS: Record<AguiFindingLevel, string> = {
  error: "text-destructive",
  warning: "text-amber-700 dark:text-amber-300",
  info: "text-muted-foreground",
};

export interface RunFindingsProps {
  findings: readonly AguiFinding[];
  malformed: readonly MalformedFrame[];
  onOpenEvent: (index: number) => void;
}

/**
 * What is wrong with the run's stream: ordering findings of the normalizer (RUN_STARTED first,
 * START→ARGS→END, nothing after RUN_FINISHED…) and frames that did not parse, shown raw.
 */
export function RunFindings({ findings, malformed, onOpenEvent }: RunFindingsProps) {
  const [open, setOpen] = useState(false);
  if (findings.length === 0 && malformed.length === 0) return null;
  const errors = findings.filter((f) => f.level === "error").length + malformed.length;
  return (
    <div data-testid="agui-findings" className="border-b bg-amber-500/5 px-3 py-1.5 text-xs">
      <button type="button" className="flex items-center gap-1.5" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <AlertTriangleIcon className={cn("size-3.5", errors ? "text-destructive" : "text-amber-600")} />
        <span className="font-medium">
          {findings.length} finding(s){malformed.length ? `, ${malformed.length} malformed frame(s)` : ""}
        </span>
        <span className="text-muted-foreground">{open ? "hide" : "show"}</span>
      </button>
      {open && (
        <ul className="mt-1 flex max-h-48 flex-col gap-0.5 overflow-y-auto">
          {findings.map((f, i) => (
            <li key={i} data-testid="agui-finding" data-code={f.code} className="flex items-baseline gap-2">
              <span className={cn("w-14 shrink-0", LEVEL_CLASS[f.level])}>{f.level}</span>
              <Button size="xs" variant="link" className="h-auto p-0 font-mono" onClick={() => onOpenEvent(f.index)}>
                #{f.index}
              </Button>
              <span>{f.message}</span>
            </li>
          ))}
          {malformed.map((m) => (
            <li key={m.seq} data-testid="agui-malformed" className="flex flex-col gap-0.5">
              <span className="text-destructive">
                malformed frame (seq {m.seq}): {m.error}
              </span>
              <pre className="max-h-24 overflow-auto rounded bg-muted/60 p-1 font-mono text-[11px] break-all whitespace-pre-wrap">
                {m.text}
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
