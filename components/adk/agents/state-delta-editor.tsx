"use client";

import { JsonTextField } from "@/components/elements/json-text-field";

export interface StateDeltaEditorProps {
  text: string;
  error: string | null;
  onTextChange: (text: string) => void;
  disabled?: boolean;
}

/**
 * The optional "State change" sent as `stateDelta` with the next message: ADK applies it to the
 * session on the user's event before the agent runs, so the timeline shows it as that event's diff.
 */
export function StateDeltaEditor({ text, error, onTextChange, disabled }: StateDeltaEditorProps) {
  return (
    <div data-testid="state-delta-editor" className="rounded border bg-muted/20 p-1.5">
      <JsonTextField
        id="composer-state-delta"
        label="State change (sent with the next message)"
        hint='A JSON object of keys to set, e.g. {"city": "Oslo"}; app: and user: keys change the shared state, temp: keys last one turn.'
        text={text}
        error={error}
        onTextChange={onTextChange}
        disabled={disabled}
        testId="state-delta-input"
      />
    </div>
  );
}
