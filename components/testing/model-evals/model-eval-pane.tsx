"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PencilIcon, PlayIcon, SquareIcon, Trash2Icon } from "lucide-react";
import { connectionsQuery } from "@/lib/queries/connections";
import { modelEvalQuery, modelEvalRunsQuery } from "@/lib/queries/model-evals";
import { modelLabel } from "@/lib/contracts/model-label";
import { useCancelModelEvalRun, useDeleteModelEval, useRunModelEval } from "@/hooks/use-model-evals";
import type { Navigate } from "@/lib/workbench/slots";
import { Button } from "@/components/ui/button";
import { BusyButton } from "@/components/elements/busy-button";
import { QueryError } from "@/components/elements/query-error";
import { EvalHistory } from "./eval-history";
import { EvalRunResults } from "./eval-run-results";
import { ModelEvalDialog } from "./model-eval-dialog";

export interface ModelEvalPaneProps {
  evalId: string;
  navigate: Navigate;
}

/** One model eval: Run, Edit, Delete; the results of the run picked in its history (the last by default). */
export function ModelEvalPane({ evalId, navigate }: ModelEvalPaneProps) {
  const ev = useQuery(modelEvalQuery(evalId));
  const runs = useQuery(modelEvalRunsQuery(evalId));
  const connections = useQuery(connectionsQuery());
  const run = useRunModelEval(evalId);
  const cancel = useCancelModelEvalRun(evalId);
  const remove = useDeleteModelEval();
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);

  if (ev.isError) return <QueryError title="Could not load the model eval" error={ev.error} onRetry={() => void ev.refetch()} />;
  if (ev.isPending) return <p className="text-xs text-muted-foreground">Loading the model eval…</p>;
  const e = ev.data;
  const server = connections.data?.find((c) => c.id === e.connectionId)?.name ?? e.connectionId;
  const shown = runs.data?.find((r) => r.id === picked) ?? runs.data?.[0];

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="model-eval-pane">
      <header className="flex flex-wrap items-center gap-2">
        {/* The name is never cut: below its basis the buttons wrap to the next line (1024 px, four buttons). */}
        <div className="min-w-0 flex-1 basis-72">
          <h2 className="text-base font-semibold break-words" data-testid="model-eval-name">
            {e.name}
          </h2>
          <p className="text-xs text-muted-foreground">
            {e.prompts.length} prompt{e.prompts.length === 1 ? "" : "s"} on {server}’s tools ·{" "}
            <span data-testid="model-eval-models">{e.models.map(modelLabel).join(", ")}</span>
          </p>
        </div>
        <BusyButton
          size="sm"
          busy={run.isPending}
          onClick={() => {
            cancel.reset();
            run.mutate(undefined, { onSuccess: (r) => setPicked(r.id) });
          }}
          data-testid="run-model-eval"
        >
          {run.isPending ? (
            "Running…"
          ) : (
            <>
              <PlayIcon /> Run
            </>
          )}
        </BusyButton>
        {run.isPending && (
          <BusyButton size="sm" variant="outline" busy={cancel.isPending} onClick={() => cancel.mutate()} data-testid="cancel-model-eval">
            <SquareIcon /> Cancel
          </BusyButton>
        )}
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="edit-model-eval">
          <PencilIcon /> Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          data-testid="delete-model-eval"
          onClick={() => {
            if (window.confirm(`Delete the model eval “${e.name}” and its runs?`))
              remove.mutate(evalId, { onSuccess: () => navigate({ evalId: null }) });
          }}
        >
          <Trash2Icon /> Delete
        </Button>
      </header>
      {run.isPending && (
        <p className="text-xs text-muted-foreground" data-testid="model-eval-running">
          Each prompt is put to every model; the results show when the last one ends. Cancel keeps the prompts that ended.
        </p>
      )}
      {cancel.isError && <QueryError title="The run was not cancelled" error={cancel.error} />}
      {run.isError && <QueryError title="The eval did not run" error={run.error} />}
      {remove.isError && <QueryError title="The eval was not deleted" error={remove.error} />}
      {shown ? (
        <EvalRunResults
          run={shown}
          prompts={e.prompts.map((p) => p.prompt)}
          onOpenConversation={(conversationId) => navigate({ view: "playground", conversationId })}
        />
      ) : (
        runs.isSuccess && <p className="text-xs text-muted-foreground">Not run yet: Run puts each prompt to each model.</p>
      )}
      <EvalHistory runs={runs} shownId={shown?.id ?? null} onShow={setPicked} />
      {editing && <ModelEvalDialog initial={e} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </div>
  );
}
