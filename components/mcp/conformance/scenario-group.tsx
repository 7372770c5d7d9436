import { ChevronRightIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ConformanceScenarioResult } from "@/lib/contracts/conformance";
import { CheckRow } from "./check-row";

/** One scenario: outcome with its pass / fail counts; opened, every check it recorded. */
export function ScenarioGroup({ result }: { result: ConformanceScenarioResult }) {
  const { counts } = result;
  return (
    <details
      className="group/scenario rounded-md border"
      data-testid="conformance-scenario"
      data-scenario={result.scenario}
      data-outcome={result.outcome}
    >
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-2 py-1.5 text-sm select-none hover:bg-muted/40">
        <ChevronRightIcon className="size-4 shrink-0 transition-transform group-open/scenario:rotate-90" />
        <Badge variant={result.outcome === "passed" ? "success" : "destructive"}>{result.outcome === "passed" ? "Passed" : "Failed"}</Badge>
        <span className="min-w-0 truncate font-mono text-xs">{result.scenario}</span>
        {!result.scored && (
          <Badge variant="outline" title="The suite runs and reports this scenario but does not score it at this revision">
            not scored{result.notScoredReason ? ` · ${result.notScoredReason}` : ""}
          </Badge>
        )}
        <span className="ml-auto flex shrink-0 gap-2 text-xs tabular-nums" data-testid="conformance-scenario-counts">
          <span className="text-emerald-700 dark:text-emerald-400">{counts.success} passed</span>
          <span className={counts.failure ? "text-destructive" : "text-muted-foreground"}>{counts.failure} failed</span>
          {counts.warning > 0 && <span className="text-amber-700 dark:text-amber-300">{counts.warning} warnings</span>}
          {counts.info + counts.skipped > 0 && <span className="text-muted-foreground">{counts.info + counts.skipped} other</span>}
        </span>
      </summary>
      <div className="border-t">
        {result.checks.map((check, i) => (
          <CheckRow key={`${check.id}-${i}`} check={check} />
        ))}
      </div>
    </details>
  );
}
