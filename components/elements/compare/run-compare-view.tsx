"use client";

import type * as React from "react";
import { useState } from "react";
import type { RunComparison } from "@/lib/protocols/run-compare";
import { CompareSummary } from "./compare-summary";
import { UnitPairRow } from "./unit-pair-row";

export interface RunCompareViewProps {
  comparison: RunComparison;
  /** "Invocation" / "Turn". */
  unitLabel: string;
  /** What A and B are (a session id and its user, a conversation title), with their actions. */
  labelA: React.ReactNode;
  labelB: React.ReactNode;
}

/** Two runs aligned row by row under a summary; "Only differences" hides the rows that are the same. */
export function RunCompareView({ comparison, unitLabel, labelA, labelB }: RunCompareViewProps) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const rows = onlyDifferences ? comparison.pairs.filter((p) => p.status !== "same") : comparison.pairs;
  return (
    <div className="@container flex min-h-0 min-w-0 flex-1 flex-col" data-testid="run-compare">
      <div className="grid grid-cols-1 gap-1 border-b px-3 py-2 text-xs @2xl:grid-cols-2">
        <div className="min-w-0" data-testid="compare-label-a">
          <span className="mr-1 font-semibold">A</span>
          {labelA}
        </div>
        <div className="min-w-0" data-testid="compare-label-b">
          <span className="mr-1 font-semibold">B</span>
          {labelB}
        </div>
      </div>
      <CompareSummary
        summary={comparison.summary}
        unitWord={unitLabel.toLowerCase()}
        onlyDifferences={onlyDifferences}
        onOnlyDifferencesChange={setOnlyDifferences}
      />
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="compare-rows">
        {comparison.pairs.length === 0 && (
          <p className="p-3 text-xs text-muted-foreground">Neither side has any {unitLabel.toLowerCase()} yet.</p>
        )}
        {comparison.pairs.length > 0 && rows.length === 0 && (
          <p className="p-3 text-xs text-muted-foreground">Every {unitLabel.toLowerCase()} is the same on both sides.</p>
        )}
        {rows.map((pair) => (
          <UnitPairRow key={pair.index} pair={pair} unitLabel={unitLabel} />
        ))}
      </div>
    </div>
  );
}
