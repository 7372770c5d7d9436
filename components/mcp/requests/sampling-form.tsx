"use client";

import { SendIcon, SparklesIcon, XIcon } from "lucide-react";
import { BusyButton } from "@/components/elements/busy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { McpClientRequest, SamplingAnswer } from "@/lib/contracts/mcp-requests";
import type { SamplingDrafter } from "@/hooks/use-sampling-drafter";

/** What the user is writing as "the model's" reply; the card keeps it so nothing typed is lost. */
export interface SamplingDraft {
  text: string;
  model: string;
  stopReason: string;
}

export const STOP_REASONS = ["endTurn", "stopSequence", "maxTokens"] as const;
export const DEFAULT_MODEL = "loupe-human";
export const REJECT_MESSAGE = "The user rejected the sampling request";

/** A fresh draft, or the reply kept from a send that failed (status "failed"). */
export function initialSamplingDraft(request: McpClientRequest): SamplingDraft {
  const body = request.answer?.body;
  if (body && body.action === "accept" && "text" in body) return { text: body.text, model: body.model, stopReason: body.stopReason };
  return { text: "", model: DEFAULT_MODEL, stopReason: "endTurn" };
}

export interface SamplingFormProps {
  id: string;
  draft: SamplingDraft;
  onDraftChange: (draft: SamplingDraft) => void;
  onAnswer: (answer: SamplingAnswer) => void;
  busy: boolean;
  /** The last send failed: the primary button says so. */
  resend: boolean;
  /** A playground model that can draft the reply (the user still sends it). */
  drafter?: SamplingDrafter | null;
}

/** The human stands in for the model: the reply text, the model name claimed, and a stop reason. */
export function SamplingForm({ id, draft, onDraftChange, onAnswer, busy, resend, drafter }: SamplingFormProps) {
  const set = (patch: Partial<SamplingDraft>) => onDraftChange({ ...draft, ...patch });
  const modelError = draft.model.trim() === "" ? "Enter the model name the reply claims to come from." : null;
  const blocked = draft.text.trim() === "" || modelError !== null;
  const send = () => {
    if (!blocked) onAnswer({ action: "accept", text: draft.text, model: draft.model.trim(), stopReason: draft.stopReason });
  };
  return (
    <div className="flex flex-col gap-3" data-testid="sampling-form">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reply`} className="text-xs">
          Reply
        </Label>
        <Textarea
          id={`${id}-reply`}
          data-testid="sampling-reply"
          value={draft.text}
          rows={4}
          disabled={busy}
          placeholder="What the model answers…"
          onChange={(e) => set({ text: e.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="flex min-w-48 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-model`} className="text-xs">
            Model
          </Label>
          <Input
            id={`${id}-model`}
            data-testid="sampling-model"
            value={draft.model}
            disabled={busy}
            className="font-mono text-xs"
            aria-invalid={modelError !== null}
            onChange={(e) => set({ model: e.target.value })}
          />
          {modelError && (
            <p role="alert" className="text-xs text-destructive">
              {modelError}
            </p>
          )}
        </div>
        <div className="flex w-44 flex-col gap-1.5">
          <Label htmlFor={`${id}-stop`} className="text-xs">
            Stop reason
          </Label>
          <NativeSelect
            id={`${id}-stop`}
            data-testid="sampling-stop-reason"
            value={draft.stopReason}
            disabled={busy}
            className="font-mono text-xs"
            onChange={(e) => set({ stopReason: e.target.value })}
          >
            {STOP_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <BusyButton data-testid="sampling-send" busy={busy} disabled={blocked} onClick={send}>
          <SendIcon />
          {resend ? "Send reply again" : "Send reply"}
        </BusyButton>
        <BusyButton
          variant="outline"
          data-testid="sampling-reject"
          busy={busy}
          onClick={() => onAnswer({ action: "reject", message: REJECT_MESSAGE })}
        >
          <XIcon />
          Reject
        </BusyButton>
        {drafter && (
          <BusyButton
            variant="outline"
            data-testid="sampling-draft"
            busy={drafter.pending}
            disabled={busy}
            onClick={() => drafter.draft((a) => set({ text: a.text, model: a.model }))}
          >
            <SparklesIcon />
            Draft with {drafter.model}
          </BusyButton>
        )}
      </div>
      {drafter?.error && (
        <p role="alert" className="text-xs text-destructive" data-testid="sampling-draft-error">
          {drafter.error.message}
        </p>
      )}
    </div>
  );
}
