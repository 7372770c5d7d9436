"use client";

import { BanIcon, XIcon } from "lucide-react";
import { BusyButton } from "@/components/elements/busy-button";
import type { ElicitationAnswer, McpAnswerBody, McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { ValidationIssue } from "@/lib/schema/form";
import type { SamplingDrafter } from "@/hooks/use-sampling-drafter";
import { ElicitationForm } from "./elicitation-form";
import { ElicitationUrl } from "./elicitation-url";
import { SamplingForm, type SamplingDraft } from "./sampling-form";

function DeclineCancel({ busy, onAnswer }: { busy: boolean; onAnswer: (a: ElicitationAnswer) => void }) {
  return (
    <>
      <BusyButton variant="outline" data-testid="elicitation-decline" busy={busy} onClick={() => onAnswer({ action: "decline" })}>
        <XIcon />
        Decline
      </BusyButton>
      <BusyButton variant="ghost" data-testid="elicitation-cancel" busy={busy} onClick={() => onAnswer({ action: "cancel" })}>
        <BanIcon />
        Cancel
      </BusyButton>
    </>
  );
}

export interface RequestAnswerFormProps {
  request: McpClientRequest;
  /** The drafts live in the card, so a refused or stale send never loses them. */
  sampling: SamplingDraft;
  onSamplingChange: (draft: SamplingDraft) => void;
  formValue: Record<string, unknown>;
  onFormValueChange: (value: Record<string, unknown>) => void;
  /** The server's field issues from a refused send (400). */
  serverIssues: ValidationIssue[];
  onAnswer: (body: McpAnswerBody) => void;
  busy: boolean;
  /** The last send failed: the button says so. */
  resend: boolean;
  drafter: SamplingDrafter | null;
}

/** The form that answers an MCP request: a model reply (sampling), a form (elicitation), or a URL to visit. */
export function RequestAnswerForm({
  request,
  sampling,
  onSamplingChange,
  formValue,
  onFormValueChange,
  serverIssues,
  onAnswer,
  busy,
  resend,
  drafter,
}: RequestAnswerFormProps) {
  if (request.kind === "sampling") {
    return (
      <SamplingForm
        id={`mcp-request-${request.id}`}
        draft={sampling}
        onDraftChange={onSamplingChange}
        onAnswer={onAnswer}
        busy={busy}
        resend={resend}
        drafter={drafter}
      />
    );
  }
  const actions = <DeclineCancel busy={busy} onAnswer={onAnswer} />;
  if (request.kind === "elicitation_form") {
    return (
      <ElicitationForm
        request={request}
        value={formValue}
        onValueChange={onFormValueChange}
        onAnswer={onAnswer}
        busy={busy}
        serverIssues={serverIssues}
        resend={resend}
        actions={actions}
      />
    );
  }
  return <ElicitationUrl request={request} onAnswer={onAnswer} busy={busy} actions={actions} />;
}
