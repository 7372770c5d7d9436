"use client";

import { useState } from "react";
import type { LineDiff, LineOp } from "@/lib/diff/json-diff";
import { cn } from "@/lib/cn";
import { plural } from "@/lib/format";

export interface LineDiffViewProps {
  diff: LineDiff;
  /** Unchanged lines kept around each change; longer unchanged runs fold. */
  context?: number;
}

type Row = { kind: "line"; op: LineOp } | { kind: "fold"; ops: LineOp[] };

const MARK: Record<LineOp["kind"], string> = { same: " ", added: "+", removed: "-" };
const TONE: Record<LineOp["kind"], string> = {
  same: "text-muted-foreground",
  added: "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300",
  removed: "bg-destructive/10 text-destructive",
};

/** Unchanged runs longer than 2 × context fold into one row (expandable). */
function rowsOf(ops: LineOp[], context: number): Row[] {
  const rows: Row[] = [];
  let i = 0;
  while (i < ops.length) {
    let j = i;
    while (j < ops.length && ops[j]?.kind === "same") j += 1;
    const run = ops.slice(i, j);
    const head = i === 0 ? 0 : context;
    const tail = j === ops.length ? 0 : context;
    if (run.length > head + tail + 1) {
      rows.push(...run.slice(0, head).map((op): Row => ({ kind: "line", op })));
      rows.push({ kind: "fold", ops: run.slice(head, run.length - tail) });
      rows.push(...run.slice(run.length - tail).map((op): Row => ({ kind: "line", op })));
    } else rows.push(...run.map((op): Row => ({ kind: "line", op })));
    if (j < ops.length) rows.push({ kind: "line", op: ops[j]! });
    i = j + (j < ops.length ? 1 : 0);
  }
  return rows;
}

/** A text's line diff: removed and added lines marked, unchanged stretches folded. */
export function LineDiffView({ diff, context = 2 }: LineDiffViewProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const rows = rowsOf(diff.ops, context);
  return (
    <div className="max-h-96 overflow-auto rounded border font-mono text-[11px]" data-testid="line-diff">
      {diff.coarse && (
        <p className="border-b px-2 py-0.5 text-muted-foreground">Too large to align line by line: the differing part is shown whole.</p>
      )}
      {rows.map((row, i) =>
        row.kind === "fold" && !open.has(i) ? (
          <button
            key={i}
            type="button"
            className="block w-full px-2 py-0.5 text-left text-muted-foreground hover:bg-accent"
            onClick={() => setOpen(new Set(open).add(i))}
            data-testid="line-diff-fold"
          >
            ⋯ {plural(row.ops.length, "unchanged line")}
          </button>
        ) : (
          (row.kind === "fold" ? row.ops : [row.op]).map((op, k) => (
            <div key={`${i}-${k}`} className={cn("px-2 break-all whitespace-pre-wrap", TONE[op.kind])} data-kind={op.kind}>
              {MARK[op.kind]} {op.text}
            </div>
          ))
        ),
      )}
    </div>
  );
}
