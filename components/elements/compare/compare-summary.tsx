"use client";

import type { RunComparison } from "@/lib/protocols/run-compare";
import { formatDuration, formatTokens, NO_VALUE, plural } from "@/lib/format";
import { Switch } from "@/components/ui/switch";
import { SafeText } from "@/components/ui/safe-text";

export interface CompareSummaryProps {
  summary: RunComparison["summary"];
  unitWord: string;
  onlyDifferences: boolean;
  onOnlyDifferencesChange: (next: boolean) => void;
}

const tokens = (n: number | null) => (n === null ? NO_VALUE : formatTokens(n));

/** The comparison at a glance: how many units differ, tools one side never used, tokens and time A vs B. */
export function CompareSummary({ summary: s, unitWord, onlyDifferences, onOnlyDifferencesChange }: CompareSummaryProps) {
  return (
    <div data-testid="compare-summary" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-2 text-xs">
      <span data-testid="summary-units">{plural(s.units, unitWord)}</span>
      <span data-testid="summary-differing" className={s.differing > 0 ? "font-semibold text-amber-800 dark:text-amber-300" : ""}>
        {s.differing} differing
      </span>
      {s.onlyA > 0 && <span>{s.onlyA} only in A</span>}
      {s.onlyB > 0 && <span>{s.onlyB} only in B</span>}
      {s.toolsOnlyInA.length > 0 && (
        <span data-testid="summary-tools-a">
          tools only in A: <SafeText text={s.toolsOnlyInA.join(", ")} className="font-mono" />
        </span>
      )}
      {s.toolsOnlyInB.length > 0 && (
        <span data-testid="summary-tools-b">
          tools only in B: <SafeText text={s.toolsOnlyInB.join(", ")} className="font-mono" />
        </span>
      )}
      <span data-testid="summary-tokens" className="tabular-nums">
        tokens {tokens(s.tokensA)} vs {tokens(s.tokensB)}
      </span>
      <span data-testid="summary-duration" className="tabular-nums">
        time {formatDuration(s.durationA)} vs {formatDuration(s.durationB)}
      </span>
      <label className="ml-auto flex items-center gap-1.5">
        <Switch checked={onlyDifferences} onCheckedChange={onOnlyDifferencesChange} data-testid="only-differences" />
        Only differences
      </label>
    </div>
  );
}
