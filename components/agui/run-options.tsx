"use client";

import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { JsonTextField } from "@/components/elements/json-text-field";
import { forwardedError, pretty, stateError, type RunDraft, type RunDraftErrors } from "./run-draft";
import { ToolDraftsEditor } from "./tool-drafts-editor";

export interface RunOptionsProps {
  draft: RunDraft;
  onChange: (patch: Partial<RunDraft>) => void;
  /** The thread's current state: what the state field shows until the user edits it. */
  threadState: unknown;
  errors: RunDraftErrors;
  disabled?: boolean;
}

/** State, context, forwardedProps and front-end tools of the next run (RunAgentInput's other fields). */
export function RunOptions({ draft, onChange, threadState, errors, disabled }: RunOptionsProps) {
  const stateText = draft.stateEdited ? draft.stateText : pretty(threadState);
  const setContext = (i: number, patch: Partial<RunDraft["context"][number]>) =>
    onChange({ context: draft.context.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <div className="flex flex-col gap-3" data-testid="agui-run-options">
      <div className="flex flex-col gap-1">
        <JsonTextField
          id="agui-run-state"
          label="State"
          hint={draft.stateEdited ? "Replaces the thread's state for this run." : "The thread's current state; edit it to send another."}
          text={stateText}
          error={draft.stateEdited ? stateError(draft.stateText) : null}
          disabled={disabled}
          testId="agui-run-state"
          onTextChange={(text) => onChange({ stateText: text, stateEdited: true })}
        />
        {draft.stateEdited && (
          <Button
            type="button"
            size="xs"
            variant="ghost"
            className="self-start"
            onClick={() => onChange({ stateEdited: false, stateText: pretty(threadState) })}
          >
            Use the thread&apos;s state
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-xs font-medium">Context</span>
        {draft.context.map((c, i) => (
          <div key={i} className="flex items-center gap-1.5" data-testid="agui-context-row">
            <Input
              aria-label={`Context ${i + 1} description`}
              className="h-8 w-2/5 text-xs"
              placeholder="description"
              value={c.description}
              disabled={disabled}
              onChange={(e) => setContext(i, { description: e.target.value })}
            />
            <Input
              aria-label={`Context ${i + 1} value`}
              className="h-8 flex-1 font-mono text-xs"
              placeholder="value"
              value={c.value}
              disabled={disabled}
              onChange={(e) => setContext(i, { value: e.target.value })}
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove context ${i + 1}`}
              disabled={disabled}
              onClick={() => onChange({ context: draft.context.filter((_, j) => j !== i) })}
            >
              <XIcon />
            </Button>
          </div>
        ))}
        {errors.context && (
          <p role="alert" className="text-[11px] text-destructive">
            {errors.context}
          </p>
        )}
        <Button
          type="button"
          size="xs"
          variant="outline"
          className="self-start"
          disabled={disabled}
          data-testid="agui-add-context"
          onClick={() => onChange({ context: [...draft.context, { description: "", value: "" }] })}
        >
          <PlusIcon /> Add context
        </Button>
      </div>
      <JsonTextField
        id="agui-run-forwarded"
        label="forwardedProps"
        hint="An object passed through to the agent as is; leave empty to send none."
        text={draft.forwardedText}
        error={forwardedError(draft.forwardedText)}
        disabled={disabled}
        testId="agui-run-forwarded"
        onTextChange={(forwardedText) => onChange({ forwardedText })}
      />
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium">Front-end tools</span>
        <span className="text-[11px] text-muted-foreground">
          {draft.toolsEdited ? "This run sends these tools." : "The agent's default tools; edit them to send others with this run."}
        </span>
        <ToolDraftsEditor
          idPrefix="agui-run"
          drafts={draft.tools}
          errors={errors.tools}
          disabled={disabled}
          onChange={(tools) => onChange({ tools, toolsEdited: true })}
        />
      </div>
    </div>
  );
}
