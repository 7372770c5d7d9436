"use client";

import type { AgentServerInput, AgentServerView } from "@/lib/contracts/agents";
import type { AppError } from "@/lib/errors";
import { PeerDialog } from "@/components/elements/peer/peer-dialog";
import { PeerHeadersField, PeerMonoField, PeerNameField } from "@/components/elements/peer/peer-fields";
import { usePeerDraft } from "@/components/elements/peer/use-peer-draft";
import { agentDraftFromView, agentDraftToInput, emptyAgentDraft } from "@/components/adk/agents/agent-draft";

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
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: () => (initial ? agentDraftFromView(initial) : emptyAgentDraft()),
    check: agentDraftToInput,
    onSubmit,
    onOpenChange,
  });
  return (
    <PeerDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="add-agent-dialog"
      title={initial ? `Edit ${initial.name}` : "Add agent server"}
      description="An ADK api_server (Python, JS, Java or Go). Loupe lists its apps as soon as it is saved."
      onSubmit={submit}
      error={error}
      submit={{ testId: "save-agent", label: initial ? "Save" : "Add agent server", pendingLabel: "Saving…", pending }}
    >
      <PeerNameField id="agent-name" value={draft.name} onChange={(name) => patch({ name })} placeholder="my-agent" error={errors.name} />
      <PeerMonoField
        id="agent-url"
        label="URL"
        hint="Where `adk api_server` listens"
        value={draft.url}
        onChange={(url) => patch({ url })}
        error={errors.url}
      />
      <PeerMonoField
        id="agent-user"
        label="User id"
        hint="Sessions are listed and created under this ADK user"
        value={draft.userId}
        onChange={(userId) => patch({ userId })}
        error={errors.userId}
      />
      <PeerHeadersField label="Headers" rows={draft.headers} onChange={(headers) => patch({ headers })} error={errors.headers} />
    </PeerDialog>
  );
}
