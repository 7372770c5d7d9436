"use client";

import { useState } from "react";
import type { LgCheckpoint } from "@/lib/contracts/langgraph";
import { BusyButton } from "@/components/elements/busy-button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { QueryError } from "@/components/elements/query-error";
import type { AppError } from "@/lib/errors";

function parse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface LgForkEditorProps {
  checkpoint: LgCheckpoint;
  /** null: no assistant known, nothing can be run. */
  assistantId: string | null;
  pending: boolean;
  error: AppError | Error | null;
  /** values undefined: run from the checkpoint as it is. */
  onFork: (values?: unknown) => void;
}

/** "Run from here" and "Edit & fork": the checkpoint's values as JSON text, written as a new checkpoint before the run. */
export function LgForkEditor({ checkpoint, assistantId, pending, error, onFork }: LgForkEditorProps) {
  const [text, setText] = useState(() => JSON.stringify(checkpoint.values ?? null, null, 2));
  const parsed = parse(text);
  const blocked = assistantId === null || pending;
  return (
    <div className="flex flex-col gap-2" data-testid="lg-fork-editor">
      {assistantId === null && (
        <p className="text-xs text-muted-foreground">No assistant is known for this thread: nothing can be run from here.</p>
      )}
      <div className="flex flex-wrap gap-1">
        <BusyButton size="xs" variant="outline" busy={pending} disabled={blocked} onClick={() => onFork()} data-testid="lg-run-from-here">
          Run from here
        </BusyButton>
      </div>
      <JsonTextField
        id={`lg-fork-${checkpoint.checkpointId}`}
        label="Values"
        hint="Edit, then fork: the values are written as a new checkpoint after this one, and a run starts from it."
        text={text}
        error={parsed.ok ? null : parsed.error}
        onTextChange={setText}
        testId="lg-fork-values"
      />
      <BusyButton
        size="xs"
        busy={pending}
        disabled={blocked || !parsed.ok}
        onClick={() => parsed.ok && onFork(parsed.value)}
        data-testid="lg-fork"
      >
        Edit &amp; fork
      </BusyButton>
      {error && <QueryError title="The fork did not start" error={error} />}
    </div>
  );
}
