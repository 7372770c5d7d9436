"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ModelEval } from "@/lib/contracts/testing";
import { connectionsQuery } from "@/lib/queries/connections";
import { providersQuery } from "@/lib/queries/playground";
import { toolsQuery } from "@/lib/queries/tools";
import { bodyOf, draftOf, newDraft, type EvalDraft } from "@/lib/workbench/model-evals";
import { useSaveModelEval } from "@/hooks/use-model-evals";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { BusyButton } from "@/components/elements/busy-button";
import { Field } from "@/components/elements/field";
import { QueryError } from "@/components/elements/query-error";
import { EvalPromptsEditor } from "./eval-prompts-editor";
import { EvalModelsPicker } from "./eval-models-picker";

export interface ModelEvalDialogProps {
  /** The eval to edit; null: a new one. */
  initial: ModelEval | null;
  onClose: () => void;
  onSaved: (saved: ModelEval) => void;
}

/** Create or edit a model eval: its MCP server, prompts with the tool calls they should lead to, and the models. */
export function ModelEvalDialog({ initial, onClose, onSaved }: ModelEvalDialogProps) {
  const connections = useQuery(connectionsQuery());
  const providers = useQuery(providersQuery());
  const save = useSaveModelEval(initial?.id ?? null);
  const [draft, setDraft] = useState<EvalDraft>(() => (initial ? draftOf(initial) : newDraft("")));
  const [problem, setProblem] = useState<string | null>(null);
  // A new eval starts on the first connected server.
  const firstConnected = connections.data?.find((c) => c.state.status === "connected") ?? connections.data?.[0];
  const connectionId = draft.connectionId || firstConnected?.id || "";
  const tools = useQuery({ ...toolsQuery(connectionId), enabled: connectionId !== "" });
  const edit = (patch: Partial<EvalDraft>) => {
    setProblem(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="model-eval-dialog">
        <DialogHeader>
          <DialogTitle>{initial ? `Edit “${initial.name}”` : "New model eval"}</DialogTitle>
          <DialogDescription>
            Each prompt is put to every model with the server&apos;s tools, through the playground; a model passes a prompt when it makes
            every expected call.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const checked = bodyOf({ ...draft, connectionId });
            if (!checked.ok) return setProblem(checked.error);
            save.mutate(checked.body, { onSuccess: onSaved });
          }}
        >
          <Field id="eval-name" label="Name">
            <Input id="eval-name" value={draft.name} onChange={(e) => edit({ name: e.target.value })} data-testid="eval-name" />
          </Field>
          <Field id="eval-server" label="MCP server" hint="The models get every tool of this server">
            {connections.isError ? (
              <QueryError title="Could not load the servers" error={connections.error} />
            ) : (
              <NativeSelect
                id="eval-server"
                value={connectionId}
                onChange={(e) => edit({ connectionId: e.target.value })}
                data-testid="eval-server"
              >
                {connectionId === "" && <option value="">{connections.isPending ? "Loading…" : "No MCP server: connect one first"}</option>}
                {(connections.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.state.status === "connected" ? "" : ` (${c.state.status})`}
                  </option>
                ))}
                {connectionId !== "" && !connections.data?.some((c) => c.id === connectionId) && (
                  <option value={connectionId}>{connectionId} (not saved any more)</option>
                )}
              </NativeSelect>
            )}
          </Field>
          <Field id="eval-system" label="System prompt (optional)">
            <Textarea
              id="eval-system"
              rows={2}
              value={draft.systemPrompt}
              onChange={(e) => edit({ systemPrompt: e.target.value })}
              data-testid="eval-system"
            />
          </Field>
          <EvalPromptsEditor
            prompts={draft.prompts}
            toolNames={tools.data?.tools.map((t) => t.name) ?? []}
            onChange={(prompts) => edit({ prompts })}
          />
          {providers.isError ? (
            <QueryError title="Could not load the model providers" error={providers.error} />
          ) : (
            <EvalModelsPicker models={draft.models} providers={providers.data ?? []} onChange={(models) => edit({ models })} />
          )}
          {problem && (
            <p role="alert" className="text-xs text-destructive" data-testid="eval-problem">
              {problem}
            </p>
          )}
          {save.isError && <QueryError title="The eval was not saved" error={save.error} />}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={save.isPending} data-testid="save-model-eval">
              Save
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
