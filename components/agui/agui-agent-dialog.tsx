"use client";

import type { AguiAgentInput, AguiAgentView } from "@/lib/contracts/agui";
import type { AppError } from "@/lib/errors";
import { PeerDialog } from "@/components/elements/peer/peer-dialog";
import { PeerHeadersField, PeerMonoField, PeerNameField } from "@/components/elements/peer/peer-fields";
import { usePeerDraft } from "@/components/elements/peer/use-peer-draft";
import { aguiDraftFromView, aguiDraftToInput, emptyAguiAgentDraft } from "./agui-agent-draft";
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
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: () => (initial ? aguiDraftFromView(initial) : emptyAguiAgentDraft()),
    check: aguiDraftToInput,
    onSubmit,
    onOpenChange,
  });
  return (
    <PeerDialog
      onOpenChange={onOpenChange}
      testId="agui-agent-dialog"
      className="max-h-[90dvh] max-w-2xl overflow-y-auto"
      title={initial ? `Edit ${initial.name}` : "Add AG-UI agent"}
      description="An agent that speaks AG-UI over HTTP (CopilotKit runtime, LangGraph, Mastra, ADK middleware…): Loupe POSTs a run and reads the event stream."
      onSubmit={submit}
      error={error}
      submit={{ testId: "save-agui-agent", label: initial ? "Save" : "Add AG-UI agent", pendingLabel: "Saving…", pending }}
    >
      <PeerNameField id="agui-name" value={draft.name} onChange={(name) => patch({ name })} placeholder="my-agent" error={errors.name} />
      <PeerMonoField
        id="agui-url"
        label="URL"
        hint="The agent's run endpoint (what HttpAgent POSTs to)"
        value={draft.url}
        onChange={(url) => patch({ url })}
        error={errors.url}
      />
      <PeerHeadersField
        label="Headers"
        note="Values are stored as secrets and shown masked after saving."
        rows={draft.headers}
        onChange={(headers) => patch({ headers })}
        error={errors.headers}
      />
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium">Default front-end tools</span>
        <span className="text-[11px] text-muted-foreground">
          Sent with every run unless the run form names its own; their calls come to the inbox.
        </span>
        <ToolDraftsEditor idPrefix="agui-dialog" drafts={draft.tools} errors={errors.tools} onChange={(tools) => patch({ tools })} />
      </div>
    </PeerDialog>
  );
}
