"use client";

import { Textarea } from "@/components/ui/textarea";
import type { JsonFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useDraftErrorReport } from "./form-context";
import { useDraft, type DraftParse } from "./use-draft";
import { errorMessage } from "@/lib/values";

function parseJson(text: string): DraftParse {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `is not valid JSON: ${errorMessage(error)}` };
  }
}

const format = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2));

/** Raw JSON for whatever the form cannot model; the text is kept exactly as typed. */
export function JsonField({ model, frame, value, onChange }: FieldProps<JsonFieldModel>) {
  const draft = useDraft(value, format, parseJson);
  useDraftErrorReport(frame.pointer, draft.error === null ? null : `${frame.label} ${draft.error}`);
  const errors = draft.error !== null ? [draft.error, ...frame.errors] : frame.errors;
  return (
    <FieldShell frame={{ ...frame, errors }}>
      <Textarea
        {...controlProps({ ...frame, errors })}
        rows={3}
        className="min-h-16 font-mono text-xs field-sizing-content"
        placeholder="JSON value"
        value={draft.text}
        onChange={(e) => {
          draft.setText(e.target.value);
          const parsed = parseJson(e.target.value);
          onChange(parsed.ok ? parsed.value : undefined);
        }}
      />
      <p className="text-[11px] text-muted-foreground">Edited as JSON: {model.reason}.</p>
    </FieldShell>
  );
}
