import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { diffJson } from "./json-diff";

export interface StateDiffViewProps {
  before: unknown;
  after: unknown;
  /** The patch did not apply (STATE_DELTA): said, and the state shown unchanged. */
  error?: string;
  className?: string;
}

/** Short one-line JSON for a diff cell; the inspector shows values whole. */
function inline(value: unknown, max = 160): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const MARK = { added: "+", removed: "−", changed: "~" } as const;

/**
 * A STATE_SNAPSHOT or STATE_DELTA as what it did to the state: each changed JSON Pointer with its
 * value before → after (the same reading as ADK's state diff, at any depth: AG-UI state is one
 * JSON document, not keys with scopes).
 */
export function StateDiffView({ before, after, error, className }: StateDiffViewProps) {
  const diff = useMemo(() => diffJson(before, after), [before, after]);
  return (
    <div className={cn("flex flex-col gap-1 text-xs", className)} data-testid="agui-state-diff">
      {error && (
        <p role="alert" data-testid="agui-state-diff-error" className="rounded bg-destructive/10 px-1.5 py-0.5 text-destructive">
          The patch did not apply: {error}. The state is shown unchanged.
        </p>
      )}
      {diff.changes.length === 0 && !error && <p className="text-muted-foreground">No change to the state.</p>}
      <ul className="flex flex-col gap-0.5">
        {diff.changes.map((c) => (
          <li
            key={c.path}
            data-testid="agui-diff-row"
            data-path={c.path}
            data-change={c.kind}
            className="flex min-w-0 flex-wrap items-center gap-1.5"
          >
            <span aria-hidden className="w-3 font-mono text-muted-foreground">
              {MARK[c.kind]}
            </span>
            <span className="font-mono font-semibold">{c.path}</span>
            {c.kind !== "added" && (
              <span
                data-testid="diff-before"
                className="rounded bg-destructive/10 px-1 font-mono text-destructive line-through decoration-destructive/40"
              >
                {inline(c.before)}
              </span>
            )}
            {c.kind === "changed" && <span aria-hidden>→</span>}
            {c.kind !== "removed" && (
              <span data-testid="diff-after" className="rounded bg-emerald-500/10 px-1 font-mono text-emerald-700 dark:text-emerald-400">
                {inline(c.after)}
              </span>
            )}
            <span className="sr-only">{c.kind}</span>
          </li>
        ))}
      </ul>
      {diff.truncated && <p className="text-muted-foreground">More changes not listed; the inspector shows the whole state.</p>}
    </div>
  );
}
