"use client";

import { useState } from "react";
import { SquareIcon } from "lucide-react";
import { LG_STREAM_MODES, type LgAssistant } from "@/lib/contracts/langgraph";
import type { LgActions } from "@/hooks/use-langgraph";
import { BusyButton } from "@/components/elements/busy-button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { MessageInput } from "@/components/elements/composer/message-input";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { NativeSelect } from "@/components/ui/native-select";
import { onModEnter } from "@/lib/keyboard";
import { LgError } from "./lg-error";
import { emptyLgRunDraft, lgRunBodyFromDraft, messageInput, toggledMode, type LgRunDraft } from "./run-draft";
import { parseJsonValue } from "./answer-values";

export interface LgRunComposerProps {
  deploymentId: string;
  assistants: readonly LgAssistant[];
  /** The thread's assistant (preselected); absent: the first. */
  assistantId?: string;
  /** null: the run starts a new thread. */
  threadId: string | null;
  /** The thread's run still streaming, if any (Stop cancels it). */
  runningRunId: string | null;
  actions: Pick<LgActions, "run" | "cancel">;
  onStarted: (started: { runId: string; threadId: string }) => void;
}

/** The next run of a thread (or a new one): assistant, input as JSON (or a message), stream modes; Run and Stop. */
export function LgRunComposer({ deploymentId, assistants, assistantId, threadId, runningRunId, actions, onStarted }: LgRunComposerProps) {
  const [draft, setDraft] = useState<LgRunDraft>(() => emptyLgRunDraft(assistantId ?? assistants[0]?.assistantId ?? ""));
  const [error, setError] = useState<string | null>(null);
  const patch = (p: Partial<LgRunDraft>) => setDraft((d) => ({ ...d, ...p }));
  const busy = actions.run.isPending;
  const parsed = draft.inputText.trim() ? parseJsonValue(draft.inputText) : null;

  const run = () => {
    const result = lgRunBodyFromDraft(draft, threadId);
    setError(result.ok ? null : result.error);
    if (!result.ok) return;
    actions.run.mutate(
      { deploymentId, body: result.body },
      {
        onSuccess: (started) => {
          patch({ message: "", inputText: "" });
          onStarted(started);
        },
      },
    );
  };

  return (
    <div data-testid="lg-run-composer" className="flex flex-col gap-2 border-t bg-background p-3" onKeyDown={onModEnter(run, !busy)}>
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-xs font-medium" htmlFor="lg-run-assistant">
          Assistant
        </label>
        <div className="w-56">
          <NativeSelect
            id="lg-run-assistant"
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
        <fieldset className="flex flex-wrap items-center gap-2 text-xs" aria-label="Stream modes">
          {LG_STREAM_MODES.map((m) => (
            <label key={m} className="flex items-center gap-1">
              <Checkbox
                data-testid={`lg-stream-mode-${m}`}
                checked={draft.streamModes.includes(m)}
                onCheckedChange={(on) => patch({ streamModes: toggledMode(draft.streamModes, m, on === true) })}
              />
              <span className="font-mono">{m}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <MessageInput
        data-testid="lg-run-message"
        placeholder="A message: fills the input as { messages: [{ role: 'human', content }] }"
        value={draft.message}
        disabled={busy}
        onChange={(e) => patch({ message: e.target.value, inputText: messageInput(e.target.value) })}
        onSend={run}
      />
      <JsonTextField
        id="lg-run-input"
        label="Input (JSON, sent as is; empty: null, go on from the checkpoint)"
        text={draft.inputText}
        error={parsed && !parsed.ok ? parsed.error : null}
        disabled={busy}
        testId="lg-run-input"
        onTextChange={(inputText) => patch({ inputText })}
      />
      {error && (
        <p role="alert" className="text-xs text-destructive" data-testid="lg-run-draft-error">
          {error}
        </p>
      )}
      {actions.run.error && <LgError title="The run did not start" error={actions.run.error} testId="lg-run-error" />}
      {actions.cancel.error && <LgError title="Could not stop the run" error={actions.cancel.error} testId="lg-cancel-error" />}
      <div className="flex items-center gap-2">
        <BusyButton data-testid="lg-run" busy={busy} disabled={Boolean(runningRunId)} onClick={run}>
          {threadId ? "Run" : "Run on a new thread"}
        </BusyButton>
        {runningRunId && (
          <Button
            size="sm"
            variant="outline"
            data-testid="lg-stop"
            disabled={actions.cancel.isPending}
            onClick={() => actions.cancel.mutate({ deploymentId, runId: runningRunId })}
          >
            <SquareIcon /> Stop
          </Button>
        )}
        <span className="ml-auto text-[11px] text-muted-foreground">⌘/Ctrl+Enter</span>
      </div>
    </div>
  );
}
