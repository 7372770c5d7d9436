"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { modelEvalsQuery } from "@/lib/queries/model-evals";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { ModelEvalDialog } from "./model-eval-dialog";

export interface ModelEvalListProps {
  selected: string | null;
  onOpen: (evalId: string) => void;
}

/** The Tests sidebar's model evals (issue 24): prompts and the tool calls they should lead to, run on several models; New… */
export function ModelEvalList({ selected, onOpen }: ModelEvalListProps) {
  const evals = useQuery(modelEvalsQuery());
  const [creating, setCreating] = useState(false);
  return (
    <section className="flex flex-col gap-1" data-testid="model-eval-list" aria-label="Model evals">
      <div className="flex items-center justify-between px-1">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Model evals</h2>
        <Button size="xs" variant="ghost" onClick={() => setCreating(true)} data-testid="new-model-eval" title="A new model eval">
          <PlusIcon /> New
        </Button>
      </div>
      {evals.isError ? (
        <QueryError title="Could not load the model evals" error={evals.error} onRetry={() => void evals.refetch()} />
      ) : evals.isPending ? (
        <p className="px-1 text-xs text-muted-foreground">Loading…</p>
      ) : evals.data.length === 0 ? (
        <p className="px-1 text-xs text-muted-foreground">None yet: which tools does a model call for a prompt?</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {evals.data.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                data-testid="model-eval-row"
                aria-current={e.id === selected ? "page" : undefined}
                onClick={() => onOpen(e.id)}
                className={cn(
                  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                  sidebarItemState(e.id === selected),
                )}
              >
                <span className="min-w-0 flex-1 truncate">{e.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground" title="models">
                  ×{e.models.length}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <ModelEvalDialog
          initial={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            onOpen(saved.id);
          }}
        />
      )}
    </section>
  );
}
