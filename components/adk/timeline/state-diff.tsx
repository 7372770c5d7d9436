import { cn } from "@/lib/cn";
import { stateScope } from "@/lib/protocols/adk/items";
import type { StateChange } from "@/lib/protocols/adk/timeline-types";
import type { StateScope } from "@/lib/protocols/adk/types";
import { inlineJson } from "./format";
import { ScopeBadge } from "./scope-badge";

export interface StateDiffProps {
  changes: readonly StateChange[];
}

/** What this event did to the session state, key by key: before → after. */
export function StateDiff({ changes }: StateDiffProps) {
  if (changes.length === 0) {
    return (
      <p data-testid="inspector-diff-empty" className="text-xs text-muted-foreground">
        This event changed no state.
      </p>
    );
  }
  return (
    <ul data-testid="inspector-diff" className="flex flex-col gap-1 text-xs">
      {changes.map((c, i) => (
        <li
          key={`${c.key}:${i}`}
          data-testid="state-diff-row"
          data-key={c.key}
          data-scope={c.scope}
          className="flex min-w-0 flex-wrap items-center gap-1.5"
        >
          <ScopeBadge scope={c.scope} />
          <span className="font-mono font-semibold">{c.key}</span>
          <span
            data-testid="diff-before"
            className="rounded bg-destructive/10 px-1 font-mono text-destructive line-through decoration-destructive/40"
          >
            {c.existed ? inlineJson(c.before, 200) : "(new)"}
          </span>
          <span aria-hidden>→</span>
          <span data-testid="diff-after" className="rounded bg-emerald-500/10 px-1 font-mono text-emerald-700 dark:text-emerald-400">
            {inlineJson(c.after, 200)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface StateSnapshotProps {
  /** The session state right after the event (stateAt). */
  state: Record<string, unknown>;
  /** Keys this event changed; highlighted. */
  changed: ReadonlySet<string>;
}

/** The whole session state as it stood after the event, changed keys highlighted. */
export function StateSnapshot({ state, changed }: StateSnapshotProps) {
  const keys = Object.keys(state).sort();
  if (keys.length === 0) return <p className="text-xs text-muted-foreground">The state is empty.</p>;
  return (
    <ul data-testid="inspector-state" className="flex flex-col gap-0.5 text-xs">
      {keys.map((key) => (
        <li
          key={key}
          data-testid="state-entry"
          data-key={key}
          data-changed={changed.has(key)}
          className={cn("flex min-w-0 items-center gap-1.5 rounded px-1", changed.has(key) && "bg-amber-500/15")}
        >
          <ScopeBadge scope={stateScope(key)} />
          <span className="font-mono">{key}</span>
          <span className="text-muted-foreground">=</span>
          <span className="truncate font-mono">{inlineJson(state[key], 200)}</span>
        </li>
      ))}
    </ul>
  );
}

export interface StateDeltaListProps {
  delta: Record<string, unknown>;
  scopes: Record<string, StateScope>;
}

/** An event's `actions.stateDelta` in the timeline row: key = value with its scope. */
export function StateDeltaList({ delta, scopes }: StateDeltaListProps) {
  return (
    <ul data-testid="state-delta" className="flex flex-col gap-0.5 text-xs">
      {Object.entries(delta).map(([key, value]) => (
        <li
          key={key}
          data-testid="state-key"
          data-key={key}
          data-scope={scopes[key] ?? "session"}
          className="flex min-w-0 items-center gap-1.5"
        >
          <span className="text-muted-foreground">state</span>
          <ScopeBadge scope={scopes[key] ?? "session"} />
          <span className="font-mono">{key}</span>
          <span className="text-muted-foreground">=</span>
          <span className="truncate font-mono">{inlineJson(value)}</span>
        </li>
      ))}
    </ul>
  );
}
