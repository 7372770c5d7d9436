"use client";

import { useState } from "react";
import { ChevronDownIcon, ChevronRightIcon, SquareIcon } from "lucide-react";
import type { LgAssistant } from "@/lib/contracts/langgraph";
import type { LgActions } from "@/hooks/use-langgraph";
import { BusyButton } from "@/components/elements/busy-button";
import { MessageInput } from "@/components/elements/composer/message-input";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { onModEnter } from "@/lib/keyboard";
import { LgError } from "./lg-error";
import { LgRunOptions } from "./lg-run-options";
import { lgRunBodyFromDraft, messageInput } from "./run-draft";
import { parseJsonValue } from "./answer-values";
import { useLgRunDraft } from "./use-run-draft";
import { useAdminAction } from "@/components/elements/role";

export interface LgRunComposerProps {
  deploymentId: string;
  assistants: readonly LgAssistant[];
  /** The thread's assistant (preselected, followed when it changes); absent: the first. */
  assistantId?: string;
  /** null: the run starts a new thread. */
  threadId: string | null;
  /** The thread's run still streaming, if any (Stop cancels it). */
  runningRunId: string | null;
  actions: Pick<LgActions, "run" | "cancel">;
  onStarted: (started: { runId: string; threadId: string }) => void;
}

/**
 * The next run of a thread (or a new one), in one row: assistant, a message, Run and Stop. The
 * stream modes and the input as JSON (or a form from the graph's input schema) are under Options,
 * open by itself while the JSON was written by hand or is not JSON.
 */
export function LgRunComposer({ deploymentId, assistants, assistantId, threadId, runningRunId, actions, onStarted }: LgRunComposerProps) {
  // Running an agent is an admin's (team mode): the button says why it is disabled.
  const admin = useAdminAction("⌘/Ctrl+Enter");
  const { draft, patch, clearInput } = useLgRunDraft(deploymentId, threadId, assistantId, assistants);
  const [error, setError] = useState<string | null>(null);
  const [optionsOpen, setOptionsOpen] = useState<boolean | null>(null);
  const busy = actions.run.isPending;
  const parsed = draft.inputText.trim() ? parseJsonValue(draft.inputText) : null;
  const jsonError = parsed && !parsed.ok ? parsed.error : null;
  const handWritten = draft.inputText.trim() !== "" && draft.inputText !== messageInput(draft.message);
  const open = optionsOpen ?? (handWritten || jsonError !== null);

  const run = () => {
    const result = lgRunBodyFromDraft(draft, threadId);
    setError(result.ok ? null : result.error);
    if (!result.ok) return;
    const onSuccess = (started: { runId: string; threadId: string }) => {
      clearInput();
      onStarted(started);
    };
    actions.run.mutate({ deploymentId, body: result.body }, { onSuccess });
  };

  return (
    <div data-testid="lg-run-composer" className="flex flex-col gap-2 border-t bg-background px-3 py-2" onKeyDown={onModEnter(run, !busy)}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="w-44 shrink-0 max-lg:w-36">
          <NativeSelect
            id="lg-run-assistant"
            aria-label="Assistant"
            data-testid="lg-run-assistant"
            value={draft.assistantId}
            disabled={busy}
            onChange={(e) => patch({ assistantId: e.target.value })}
          >
            {assistants.length === 0 && <option value="">No assistant listed</option>}
            {assistants.map((a) => (
              <option key={a.assistantId} value={a.assistantId}>
                {a.name} ({a.graphId})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="min-w-56 flex-1 basis-56">
          <MessageInput
            data-testid="lg-run-message"
            rows={1}
            className="max-h-40 min-h-9 resize-none py-1.5 field-sizing-content"
            placeholder="A message (the input's messages)"
            title="Sent as { messages: [{ role: 'human', content }] }; Enter sends, Shift+Enter breaks the line"
            value={draft.message}
            disabled={busy}
            onChange={(e) => patch({ message: e.target.value, inputText: messageInput(e.target.value) })}
            onSend={run}
          />
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="h-9"
          data-testid="lg-run-options"
          aria-expanded={open}
          title="Stream modes and the input as JSON or a form"
          onClick={() => setOptionsOpen(!open)}
        >
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />} Options
        </Button>
        <BusyButton
          data-testid="lg-run"
          className="h-9"
          busy={busy}
          disabled={Boolean(runningRunId) || admin.disabled}
          onClick={run}
          title={admin.title}
        >
          {threadId ? "Run" : "Run on a new thread"}
        </BusyButton>
        {runningRunId && (
          <Button
            size="sm"
            variant="outline"
            className="h-9"
            data-testid="lg-stop"
            disabled={actions.cancel.isPending}
            onClick={() => actions.cancel.mutate({ deploymentId, runId: runningRunId })}
          >
            <SquareIcon /> Stop
          </Button>
        )}
      </div>
      {open && <LgRunOptions deploymentId={deploymentId} draft={draft} jsonError={jsonError} busy={busy} patch={patch} />}
      {error && (
        <p role="alert" className="text-xs text-destructive" data-testid="lg-run-draft-error">
          {error}
        </p>
      )}
      {actions.run.error && <LgError title="The run did not start" error={actions.run.error} testId="lg-run-error" />}
      {actions.cancel.error && <LgError title="Could not stop the run" error={actions.cancel.error} testId="lg-cancel-error" />}
    </div>
  );
}
