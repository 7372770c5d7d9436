"use client";

import { Button } from "@/components/ui/button";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import type { BundleUnitRef } from "@/lib/contracts/bundle";
import { plural } from "@/lib/format";
import { SaveCaseButton } from "@/components/elements/save-case";
import type { RowSelection } from "./row-selection";

/** A selection bundle names at most this many entries (the export route's limit). */
const MAX_SELECTED = 100_000;

/** The first and last of the checked entries (a selection may hold many: no spread into Math.min). */
function seqRange(seqs: readonly number[]): { fromSeq: number; toSeq: number } {
  return seqs.reduce((r, s) => ({ fromSeq: Math.min(r.fromSeq, s), toSeq: Math.max(r.toSeq, s) }), { fromSeq: Infinity, toSeq: -Infinity });
}

/** Above the list in selection mode: how many rows are checked, check all shown, export them, or leave. */
export function TrafficSelectionBar({ connectionId, selection }: { connectionId: string; selection: RowSelection }) {
  const { seqs, checked } = selection;
  const unit: BundleUnitRef | null =
    seqs.length > 0 && seqs.length <= MAX_SELECTED ? { type: "mcp-traffic", connectionId, scope: { kind: "selection", seqs } } : null;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b bg-accent/40 px-2 py-1 text-xs" data-testid="traffic-selection-bar">
      <span data-testid="traffic-selected-count" className="tabular-nums">
        {checked.size} selected{checked.size > 0 && ` (${plural(seqs.length, "entry", "entries")})`}
      </span>
      <span className="text-muted-foreground">Click rows to check them; shift-click checks a range.</span>
      {seqs.length > MAX_SELECTED && <span className="text-destructive">At most {MAX_SELECTED.toLocaleString()} entries per bundle</span>}
      <div className="ml-auto flex items-center gap-1.5">
        <Button size="xs" variant="ghost" data-testid="traffic-select-all" onClick={selection.checkAll}>
          Check all shown
        </Button>
        <ExportBundleButton unit={unit} label="Export selected" testId="traffic-export-selected" />
        {seqs.length > 0 && (
          // A case replays the client's requests from the first checked row to the last, in order (issue 24).
          <SaveCaseButton
            source={{ protocol: "mcp", from: "exchange", ref: { connectionId, ...seqRange(seqs) } }}
            defaultName={`Exchange of ${plural(seqs.length, "entry", "entries")}`}
            startWith={["structural", "is_error"]}
          />
        )}
        <Button size="xs" variant="outline" data-testid="traffic-select-cancel" onClick={selection.stop}>
          Done
        </Button>
      </div>
    </div>
  );
}
