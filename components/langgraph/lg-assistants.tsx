"use client";

import { useQuery } from "@tanstack/react-query";
import type { LgAssistant } from "@/lib/contracts/langgraph";
import { lgGraphQuery } from "@/lib/queries/langgraph";
import { QueryError } from "@/components/elements/query-error";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { LgGraphView } from "./graph";

export interface LgAssistantsProps {
  deploymentId: string;
  assistants: readonly LgAssistant[];
  /** The assistant whose graph is shown (?item= while no thread is open); absent: the first. */
  selectedId: string | null;
  onSelect: (assistantId: string) => void;
}

/** The deployment's assistants (one per graph on a dev server), and the chosen one's graph. */
export function LgAssistants({ deploymentId, assistants, selectedId, onSelect }: LgAssistantsProps) {
  const selected = assistants.find((a) => a.assistantId === selectedId) ?? assistants[0] ?? null;
  const graph = useQuery({ ...lgGraphQuery(deploymentId, selected?.assistantId ?? "", true), enabled: selected !== null });
  if (assistants.length === 0) return <p className="p-4 text-sm text-muted-foreground">The deployment lists no assistant.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto" data-testid="lg-assistants">
      <ul className="flex flex-wrap gap-2 border-b p-3">
        {assistants.map((a) => (
          <li key={a.assistantId}>
            <button
              type="button"
              data-testid="lg-assistant"
              data-assistant-id={a.assistantId}
              aria-pressed={a === selected}
              onClick={() => onSelect(a.assistantId)}
              className={cn("flex flex-col items-start rounded-md border px-3 py-1.5 text-left", sidebarItemState(a === selected))}
            >
              <span className="text-sm font-medium">{a.name}</span>
              <span className="font-mono text-[11px] text-muted-foreground">
                graph {a.graphId}
                {a.version !== undefined ? ` · v${a.version}` : ""}
              </span>
              {a.description && <span className="text-[11px] text-muted-foreground">{a.description}</span>}
            </button>
          </li>
        ))}
      </ul>
      {graph.isError ? (
        <QueryError className="m-3" title="Could not load the graph" error={graph.error} onRetry={() => void graph.refetch()} />
      ) : graph.isPending ? (
        <p className="p-3 text-xs text-muted-foreground">Loading the graph…</p>
      ) : (
        <LgGraphView graph={graph.data} />
      )}
    </div>
  );
}
