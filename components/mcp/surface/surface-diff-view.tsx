import { StatusBadge } from "@/components/elements/status-badge";
import type { SurfaceDiff } from "@/lib/surface";
import { CHANGE_KINDS } from "@/lib/surface";
import { CHANGE_LABEL } from "./labels";

export interface SurfaceDiffViewProps {
  /** The changes, breaking first (as diffSurfaces orders them). */
  diff: SurfaceDiff;
}

/** A surface diff in words: one group per kind, breaking first, each change with its JSON path. */
export function SurfaceDiffView({ diff }: SurfaceDiffViewProps) {
  if (!diff.changes.length)
    return (
      <p className="text-xs text-muted-foreground" data-testid="surface-diff-empty">
        No changes: the two surfaces are the same.
      </p>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="surface-diff" data-breaking={diff.breaking}>
      <div className="flex flex-wrap gap-1.5" data-testid="surface-diff-counts">
        {CHANGE_KINDS.filter((k) => diff.counts[k] > 0).map((k) => (
          <StatusBadge key={k} tone={CHANGE_LABEL[k].tone}>
            {diff.counts[k]} {CHANGE_LABEL[k].title.toLowerCase()}
          </StatusBadge>
        ))}
      </div>
      {CHANGE_KINDS.map((kind) => {
        const mine = diff.changes.filter((c) => c.kind === kind);
        if (!mine.length) return null;
        return (
          <section key={kind} className="flex flex-col gap-1" data-testid={`surface-diff-${kind}`}>
            <h4 className="text-xs font-semibold text-muted-foreground">
              {CHANGE_LABEL[kind].title} ({mine.length})
            </h4>
            <ul className="flex flex-col divide-y rounded-md border">
              {mine.map((c) => (
                <li key={`${c.path}|${c.message}`} className="flex min-w-0 flex-col gap-0.5 px-3 py-1.5" data-kind={c.kind}>
                  <span className="text-sm break-words">{c.message}</span>
                  <code className="font-mono text-xs break-all text-muted-foreground">{c.path}</code>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
