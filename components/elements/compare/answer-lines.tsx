"use client";

import { cn } from "@/lib/cn";
import type { LineOp } from "@/lib/protocols/run-compare";

export interface AnswerLinesProps {
  ops: LineOp[];
  /** A shows its lines (same + removed); B shows its own (same + added). */
  side: "a" | "b";
}

/** One side of a final answer's line diff, with the lines the other side lacks highlighted. */
export function AnswerLines({ ops, side }: AnswerLinesProps) {
  const own = side === "a" ? "removed" : "added";
  const lines = ops.filter((op) => op.kind === "same" || op.kind === own);
  if (lines.length === 0) return <p className="text-xs text-muted-foreground italic">No answer</p>;
  return (
    <div data-testid={`answer-${side}`} className="font-mono text-xs break-words whitespace-pre-wrap">
      {lines.map((op, i) => (
        <div
          key={i}
          data-changed={op.kind !== "same" || undefined}
          className={cn(
            "px-1",
            op.kind === "removed" && "bg-red-500/10 text-red-900 dark:text-red-200",
            op.kind === "added" && "bg-emerald-500/10 text-emerald-900 dark:text-emerald-200",
          )}
        >
          {op.text === "" ? "\u00a0" : op.text}
        </div>
      ))}
    </div>
  );
}
