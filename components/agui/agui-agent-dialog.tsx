"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { AguiAgentInput, AguiAgentView } from "@/lib/contracts/agui";
import type { AppError } from "@/lib/errors";
import { Field } from "@/components/elements/field";
import { HeaderRows } from "@/components/elements/peer/header-rows";
import {
  aguiDraftFromView,
  aguiDraftToInput,
  emptyAguiAgentDraft,
  type AguiAgentDraft,
  type AguiAgentDraftErrors,
} from "./agui-agent-draft";
import { ToolDraftsEditor } from "./tool-drafts-editor";

export interface AguiAgentDialogProps {
  onOpenChange: (open: boolean) => void;
  /** Present when editing; absent when adding. */
  initial?: AguiAgentView;
  onSubmit: (input: AguiAgentInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

/** Add or edit an AG-UI agent. Mount it with a `key` per target so the draft starts fresh. */
export function AguiAgentDialog({ onOpenChange, initial, onSubmit, pending, error }: AguiAgentDialogProps) {
  const [draft, setDraft] = useState<AguiAgentDraft>(() => (initial ? aguiDraftFromView(initial) : emptyAguiAgentDraft()));
  const [errors, setErrors] = useState<AguiAgentDraftErrors>({});
  const patch = (p: Partial<AguiAgentDraft>) => setDraft((d) => ({ ...d, ...p }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = aguiDraftToInput(draft);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.input).then(
      () => onOpenChange(false),
      () => undefined, // shown through `error`; the draft stays so nothing typed is lost
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="agui-agent-dialog" className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{initial ? `Edit ${initial.name}` : "Add AG-UI agent"}</DialogTitle>
          <DialogDescription>
            An agent that speaks AG-UI over HTTP (CopilotKit runtime, LangGraph, Mastra, ADK middleware…): Loupe POSTs a run and reads the
            event stream.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Field id="agui-name" label="Name" error={errors.name}>
            <Input id="agui-name" value={draft.name} onChange={(e) => patch({ name: e.target.value })} placeholder="my-agent" autoFocus />
          </Field>
          <Field id="agui-url" label="URL" hint="The agent's run endpoint (what HttpAgent POSTs to)" error={errors.url}>
            <Input id="agui-url" className="font-mono text-xs" value={draft.url} onChange={(e) => patch({ url: e.target.value })} />
          </Field>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium">Headers</span>
            <span className="text-[11px] text-muted-foreground">Values are stored as secrets and shown masked after saving.</span>
            <HeaderRows rows={draft.headers} onChange={(headers) => patch({ headers })} />
            {errors.headers && (
              <p role="alert" className="text-[11px] text-destructive">
                {errors.headers}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium">Default front-end tools</span>
            <span className="text-[11px] text-muted-foreground">
              Sent with every run unless the run form names its own; their calls come to the inbox.
            </span>
            <ToolDraftsEditor idPrefix="agui-dialog" drafts={draft.tools} errors={errors.tools} onChange={(tools) => patch({ tools })} />
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
            <Button type="submit" disabled={pending} data-testid="save-agui-agent">
              {pending ? "Saving…" : initial ? "Save" : "Add AG-UI agent"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
