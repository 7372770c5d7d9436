"use client";

import type { LgDeploymentInput, LgDeploymentView } from "@/lib/contracts/langgraph";
import type { AppError } from "@/lib/errors";
import { PeerDialog } from "@/components/elements/peer/peer-dialog";
import { PeerHeadersField, PeerMonoField, PeerNameField } from "@/components/elements/peer/peer-fields";
import { usePeerDraft } from "@/components/elements/peer/use-peer-draft";
import { emptyLgDeploymentDraft, lgDraftFromView, lgDraftToInput } from "./deployment-draft";

export interface LgDeploymentDialogProps {
  onOpenChange: (open: boolean) => void;
  /** Present when editing; absent when adding. */
  initial?: LgDeploymentView;
  onSubmit: (input: LgDeploymentInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

/** Add or edit a LangGraph deployment. Mount it with a `key` per target so the draft starts fresh. */
export function LgDeploymentDialog({ onOpenChange, initial, onSubmit, pending, error }: LgDeploymentDialogProps) {
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: () => (initial ? lgDraftFromView(initial) : emptyLgDeploymentDraft()),
    check: lgDraftToInput,
    onSubmit,
    onOpenChange,
  });
  return (
    <PeerDialog
      onOpenChange={onOpenChange}
      testId="lg-deployment-dialog"
      className="max-h-[90dvh] max-w-2xl overflow-y-auto"
      title={initial ? `Edit ${initial.name}` : "Add LangGraph deployment"}
      description="A LangGraph API server (langgraph dev, a LangSmith deployment, a self-hosted one): Loupe lists its assistants and threads, starts runs and answers interrupts."
      onSubmit={submit}
      error={error}
      submit={{ testId: "save-lg-deployment", label: initial ? "Save" : "Add deployment", pendingLabel: "Saving…", pending }}
    >
      <PeerNameField id="lg-name" value={draft.name} onChange={(name) => patch({ name })} placeholder="my-graph" error={errors.name} />
      <PeerMonoField
        id="lg-url"
        label="URL"
        hint="The API's base URL (…/info and …/threads answer under it)"
        value={draft.url}
        onChange={(url) => patch({ url })}
        error={errors.url}
      />
      <PeerHeadersField
        label="Headers"
        note="Sent on every request (e.g. x-api-key for LangSmith); stored as secrets and shown masked after saving."
        rows={draft.headers}
        onChange={(headers) => patch({ headers })}
        error={errors.headers}
      />
      <PeerMonoField
        id="lg-poll"
        label="Poll interval (seconds)"
        hint="How often Loupe looks for interrupted threads it did not start; 0 = never"
        value={draft.pollSeconds}
        onChange={(pollSeconds) => patch({ pollSeconds })}
        error={errors.pollSeconds}
      />
    </PeerDialog>
  );
}
