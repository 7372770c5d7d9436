import type { UseQueryResult } from "@tanstack/react-query";
import type { ModelEvalRun } from "@/lib/contracts/testing";
import type { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { accuracySeries, accuracyText } from "@/lib/workbench/model-evals";
import { QueryError } from "@/components/elements/query-error";
import { cn } from "@/lib/cn";

export interface EvalHistoryProps {
  /** Newest first. */
  runs: UseQueryResult<ModelEvalRun[], AppError>;
  shownId: string | null;
  onShow: (runId: string) => void;
}

/** A line per model (at most three), readable on the light and the dark theme. */
const LINE = [
  { stroke: "stroke-sky-500", swatch: "bg-sky-500" },
  { stroke: "stroke-amber-500", swatch: "bg-amber-500" },
  { stroke: "stroke-emerald-500", swatch: "bg-emerald-500" },
];
const W = 320;
const H = 80;

/** Accuracy per model over time: a small chart (oldest left) and the runs, newest first; a row shows that run. */
export function EvalHistory({ runs, shownId, onShow }: EvalHistoryProps) {
  if (runs.isError) return <QueryError title="Could not load the eval's runs" error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.isPending || runs.data.length === 0) return null;
  const series = accuracySeries(runs.data);
  const n = runs.data.length;
  const x = (i: number) => (n === 1 ? W / 2 : 6 + (i * (W - 12)) / (n - 1));
  const y = (a: number) => H - 6 - a * (H - 12);
  return (
    <section className="flex flex-col gap-2" data-testid="model-eval-history">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">History</h3>
      <div className="flex flex-wrap items-center gap-4">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-20 w-80 rounded-md border bg-muted/30"
          role="img"
          aria-label="Accuracy per model over the runs"
        >
          <text x={W - 4} y={12} textAnchor="end" className="fill-muted-foreground text-[9px]">
            100%
          </text>
          <text x={W - 4} y={H - 4} textAnchor="end" className="fill-muted-foreground text-[9px]">
            0%
          </text>
          {series.map((s, k) => (
            <polyline
              key={s.model}
              fill="none"
              className={LINE[k % LINE.length]?.stroke}
              strokeWidth={2}
              points={s.points.map((p) => `${x(p.index)},${y(p.accuracy)}`).join(" ")}
            />
          ))}
        </svg>
        <ul className="flex flex-col gap-0.5 text-xs">
          {series.map((s, k) => (
            <li key={s.model} className="flex items-center gap-1.5">
              <span className={cn("inline-block h-0.5 w-4", LINE[k % LINE.length]?.swatch)} aria-hidden />
              {s.model}
            </li>
          ))}
        </ul>
      </div>
      <ul className="flex flex-col divide-y rounded-md border">
        {runs.data.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              data-testid="model-eval-run-row"
              aria-current={r.id === shownId ? "true" : undefined}
              onClick={() => onShow(r.id)}
              className={cn(
                "flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 text-left text-xs hover:bg-accent/50",
                r.id === shownId && "bg-accent/60",
              )}
            >
              <span className="font-mono text-muted-foreground">{formatDateTime(r.startedAt)}</span>
              {r.status === "cancelled" && <span className="text-amber-700 dark:text-amber-400">cancelled</span>}
              {r.models.map((m) => (
                <span key={m.model}>
                  {m.model}: {accuracyText(m)}
                </span>
              ))}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
