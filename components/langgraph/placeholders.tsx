"use client";

/**
 * PLACEHOLDERS, to be swapped for the views engineer's components (branch lg-views) at merge:
 *   LgTimelinePlaceholder   → LgThreadTimeline   (components/langgraph/timeline)
 *   LgGraphPlaceholder      → LgGraphView        (components/langgraph/graph)
 *   LgTimeTravelPlaceholder → LgTimeTravelPanel  (components/langgraph/time-travel)
 * Each takes the same props as the component it stands for, so the swap is an import and a name.
 */
import { useQuery } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { LgGraph } from "@/lib/contracts/langgraph";
import { lgHistoryQuery } from "@/lib/queries/langgraph";
import { JsonView } from "@/components/elements/json-view";
import { QueryError } from "@/components/elements/query-error";
import { cn } from "@/lib/cn";

/** How many of the newest entries the placeholder lists. */
const SHOWN = 200;

/** Stands for LgThreadTimeline: the thread's recorded entries, raw, newest last. */
export function LgTimelinePlaceholder({ entries }: { entries: Entry[] }) {
  const shown = entries.slice(-SHOWN);
  return (
    <ol className="flex min-h-0 flex-1 flex-col gap-1 overflow-auto p-3 text-xs" data-testid="lg-timeline-placeholder">
      {entries.length === 0 && <li className="text-muted-foreground">Nothing recorded on this thread yet.</li>}
      {entries.length > SHOWN && (
        <li className="text-muted-foreground">
          The newest {SHOWN} of {entries.length} entries.
        </li>
      )}
      {shown.map((e) => (
        <li key={e.seq} className="rounded border px-2 py-1" data-testid="lg-entry" data-kind={e.kind}>
          <details>
            <summary className="cursor-pointer font-mono">
              #{e.seq} {e.direction} {e.kind}
              {typeof e.raw === "object" && e.raw !== null && "event" in e.raw ? ` · ${String(e.raw.event)}` : ""}
            </summary>
            <JsonView value={e.raw} className="mt-1 text-[11px]" />
          </details>
        </li>
      ))}
    </ol>
  );
}

/** Stands for LgGraphView: the nodes (visited and paused ones marked) and the edges, as lists. */
export function LgGraphPlaceholder({ graph, visited = [], paused = [] }: { graph: LgGraph; visited?: string[]; paused?: string[] }) {
  return (
    <div className="grid gap-3 p-3 text-xs sm:grid-cols-2" data-testid="lg-graph-placeholder">
      <ul className="flex flex-col gap-0.5">
        {graph.nodes.map((n) => (
          <li
            key={n.id}
            data-testid="lg-graph-node"
            data-node-id={n.id}
            data-visited={visited.includes(n.id) || undefined}
            data-paused={paused.includes(n.id) || undefined}
            className={cn("font-mono", visited.includes(n.id) && "font-semibold", paused.includes(n.id) && "text-amber-600")}
          >
            {n.id}
            {paused.includes(n.id) ? " (paused here)" : visited.includes(n.id) ? " ✓" : ""}
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-0.5 font-mono text-muted-foreground">
        {graph.edges.map((e, i) => (
          <li key={i}>
            {e.source} {e.conditional ? "⇢" : "→"} {e.target}
            {e.label ? ` (${e.label})` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Stands for LgTimeTravelPanel: the thread's checkpoints, newest first. */
export function LgTimeTravelPlaceholder({ deploymentId, threadId }: { deploymentId: string; threadId: string; assistantId?: string }) {
  const history = useQuery(lgHistoryQuery(deploymentId, threadId));
  if (history.isError) return <QueryError className="m-3" title="Could not load the checkpoints" error={history.error} />;
  if (history.isPending) return <p className="p-3 text-xs text-muted-foreground">Loading checkpoints…</p>;
  return (
    <ol className="flex flex-col gap-1 overflow-auto p-3 font-mono text-xs" data-testid="lg-time-travel-placeholder">
      {history.data.map((c) => (
        <li key={c.checkpointId} data-testid="lg-checkpoint">
          step {c.step ?? "?"} · {c.source ?? "?"} · {c.checkpointId} {c.next.length ? `→ ${c.next.join(", ")}` : "(end)"}
        </li>
      ))}
    </ol>
  );
}
