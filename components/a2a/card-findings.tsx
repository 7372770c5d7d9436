import { AlertCircleIcon, AlertTriangleIcon, CheckCircle2Icon, InfoIcon } from "lucide-react";
import type { A2aCardFinding } from "@/lib/contracts/a2a";
import { cn } from "@/lib/cn";

const SEVERITY: Record<A2aCardFinding["severity"], { label: string; icon: typeof InfoIcon; className: string }> = {
  error: { label: "Error", icon: AlertCircleIcon, className: "text-destructive" },
  warning: { label: "Warning", icon: AlertTriangleIcon, className: "text-amber-600 dark:text-amber-400" },
  info: { label: "Info", icon: InfoIcon, className: "text-sky-600 dark:text-sky-400" },
};
const ORDER: Record<A2aCardFinding["severity"], number> = { error: 0, warning: 1, info: 2 };

/** The card's validation report: errors first, each with where in the card it is. */
export function CardFindings({ findings }: { findings: readonly A2aCardFinding[] }) {
  if (findings.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400" data-testid="a2a-findings" data-count={0}>
        <CheckCircle2Icon className="size-4" aria-hidden /> The card passes every check.
      </p>
    );
  }
  const sorted = [...findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const count = (s: A2aCardFinding["severity"]) => findings.filter((f) => f.severity === s).length;
  return (
    <section className="flex flex-col gap-1.5 rounded-md border p-3" data-testid="a2a-findings" data-count={findings.length}>
      <h3 className="text-sm font-medium">
        Validation: {count("error")} errors, {count("warning")} warnings, {count("info")} notes
      </h3>
      <ul className="flex flex-col gap-1">
        {sorted.map((f, i) => {
          const s = SEVERITY[f.severity];
          const Icon = s.icon;
          return (
            <li key={i} className="flex items-start gap-2 text-xs" data-testid="a2a-finding" data-severity={f.severity}>
              <Icon className={cn("mt-0.5 size-3.5 shrink-0", s.className)} aria-label={s.label} />
              <span className="min-w-0 flex-1">
                {f.message}
                {f.path && <span className="ml-1.5 font-mono text-muted-foreground">{f.path}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
