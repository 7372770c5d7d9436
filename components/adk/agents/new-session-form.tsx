"use client";

import { useState } from "react";
import { PlusIcon, SlidersHorizontalIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isRecord } from "@/lib/values";

export type StateParse = { ok: true; state?: Record<string, unknown> } | { ok: false; error: string };

/** Blank means no initial state; otherwise a JSON object. */
export function parseInitialState(text: string): StateParse {
  if (text.trim() === "") return { ok: true };
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return { ok: false, error: "The initial state must be a JSON object" };
    return { ok: true, state: value };
  } catch (e) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(e)}` };
  }
}

export interface NewSessionFormProps {
  onCreate: (state: Record<string, unknown> | undefined) => void;
  pending: boolean;
  disabled?: boolean;
}

/** "New session" in one click; the initial state JSON is optional, behind a toggle. */
export function NewSessionForm({ onCreate, pending, disabled }: NewSessionFormProps) {
  const [withState, setWithState] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = () => {
    const parsed: StateParse = withState ? parseInitialState(text) : { ok: true };
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    onCreate(parsed.state);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-1">
        <Button size="xs" onClick={create} disabled={pending || disabled} data-testid="new-session">
          <PlusIcon /> {pending ? "Creating…" : "New session"}
        </Button>
        <Button
          size="xs"
          variant={withState ? "secondary" : "ghost"}
          aria-pressed={withState}
          aria-label="Initial state"
          title="Start with an initial state"
          onClick={() => setWithState((v) => !v)}
        >
          <SlidersHorizontalIcon />
        </Button>
      </div>
      {withState && (
        <Textarea
          aria-label="Initial state (JSON)"
          data-testid="new-session-state"
          className="font-mono text-xs"
          placeholder='{"user:name": "Ada"}'
          value={text}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {error && (
        <p role="alert" className="text-[11px] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
