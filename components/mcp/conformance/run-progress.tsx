import type { ConformanceProgress } from "@/lib/contracts/conformance";

/** Scenario n of N and which one runs now; the bar counts finished scenarios. */
export function RunProgress({ progress, finished }: { progress: ConformanceProgress; finished: number }) {
  const total = Math.max(progress.total, 1);
  const pct = Math.min(100, Math.round((finished / total) * 100));
  return (
    <div className="flex flex-col gap-1" data-testid="conformance-progress" data-index={progress.index} data-total={progress.total}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-medium tabular-nums">
          {progress.total > 0 ? `Scenario ${Math.max(progress.index, 1)} of ${progress.total}` : "Starting the suite…"}
        </span>
        {progress.current && <span className="truncate font-mono text-muted-foreground">{progress.current}</span>}
      </div>
      <div
        className="h-1.5 w-full overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-label="Conformance run progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
      >
        <div className="h-full bg-sky-500 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
