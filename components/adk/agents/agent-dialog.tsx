"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { AgentServerInput, AgentServerView } from "@/lib/contracts/agents";
import type { AppError } from "@/lib/errors";
import { Field } from "@/components/elements/field";
import { agentDraftFromView, agentDraftToInput, emptyAgentDraft } from "@/components/adk/agents/agent-draft";
import type { AgentDraft, AgentDraftField } from "@/components/adk/agents/agent-draft";
import { HeaderRows } from "@/components/elements/peer/header-rows";

export interface AgentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present when editing; absent when adding. */
  initial?: AgentServerView;
  onSubmit: (input: AgentServerInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

/** Add or edit an ADK api_server. Mount it with a `key` per target so the draft starts fresh. */
export function AgentDialog({ open, onOpenChange, initial, onSubmit, pending, error }: AgentDialogProps) {
  const [draft, setDraft] = useState<AgentDraft>(() => (initial ? agentDraftFromView(initial) : emptyAgentDraft()));
  const [errors, setErrors] = useState<Partial<Record<AgentDraftField, string>>>({});
  const patch = (p: Partial<AgentDraft>) => setDraft((d) => ({ ...d, ...p }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = agentDraftToInput(draft);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.input).then(
      () => onOpenChange(false),
      () => undefined, // shown through `error`; the draft stays so nothing typed is lost
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-agent-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{initial ? `Edit ${initial.name}` : "Add agent server"}</DialogTitle>
          <DialogDescription>An ADK api_server (Python, JS, Java or Go). Loupe lists its apps as soon as it is saved.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Field id="agent-name" label="Name" error={errors.name}>
            <Input id="agent-name" value={draft.name} onChange={(e) => patch({ name: e.target.value })} placeholder="my-agent" autoFocus />
          </Field>
          <Field id="agent-url" label="URL" hint="Where `adk api_server` listens" error={errors.url}>
            <Input id="agent-url" className="font-mono text-xs" value={draft.url} onChange={(e) => patch({ url: e.target.value })} />
          </Field>
          <Field id="agent-user" label="User id" hint="Sessions are listed and created under this ADK user" error={errors.userId}>
            <Input id="agent-user" className="font-mono text-xs" value={draft.userId} onChange={(e) => patch({ userId: e.target.value })} />
          </Field>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium">Headers</span>
            <HeaderRows rows={draft.headers} onChange={(headers) => patch({ headers })} />
            {errors.headers && (
              <p role="alert" className="text-[11px] text-destructive">
                {errors.headers}
              </p>
            )}
          </div>
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1.5 text-xs text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="save-agent">
              {pending ? "Saving…" : initial ? "Save" : "Add agent server"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
