"use client";

import { Input } from "@/components/ui/input";
import type { NumberFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useDraftErrorReport } from "./form-context";
import { useDraft, type DraftParse } from "./use-draft";

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function parseNumber(text: string, integer: boolean): DraftParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: undefined };
  if (!NUMBER.test(trimmed)) return { ok: false, error: "must be a number" };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, error: "is too large" };
  if (integer && !Number.isSafeInteger(value)) {
    return { ok: false, error: Number.isInteger(value) ? "is beyond the safe integer range" : "must be a whole number" };
  }
  return { ok: true, value };
}

function bounds(model: NumberFieldModel): string | null {
  const parts: string[] = [model.integer ? "integer" : "number"];
  if (model.minimum !== undefined) parts.push(`≥ ${model.minimum}`);
  if (model.exclusiveMinimum !== undefined) parts.push(`> ${model.exclusiveMinimum}`);
  if (model.maximum !== undefined) parts.push(`≤ ${model.maximum}`);
  if (model.exclusiveMaximum !== undefined) parts.push(`< ${model.exclusiveMaximum}`);
  if (model.multipleOf !== undefined) parts.push(`multiple of ${model.multipleOf}`);
  return parts.join(" · ");
}

/**
 * Number as text: half-typed input ("-", "1e") stays on screen and is reported as a draft error
 * instead of being coerced; integers refuse decimals.
 */
export function NumberField({ model, frame, value, onChange }: FieldProps<NumberFieldModel>) {
  const parse = (text: string) => parseNumber(text, model.integer);
  const draft = useDraft(value, (v) => (typeof v === "number" ? String(v) : ""), parse);
  useDraftErrorReport(frame.pointer, draft.error === null ? null : `${frame.label} ${draft.error}`);
  const errors = draft.error !== null && !frame.errors.includes(draft.error) ? [draft.error, ...frame.errors] : frame.errors;
  return (
    <FieldShell frame={{ ...frame, errors }}>
      <Input
        {...controlProps({ ...frame, errors })}
        type="text"
        inputMode={model.integer ? "numeric" : "decimal"}
        className="font-mono text-xs"
        value={draft.text}
        onChange={(e) => {
          draft.setText(e.target.value);
          const parsed = parse(e.target.value);
          onChange(parsed.ok ? parsed.value : undefined);
        }}
      />
      <p className="text-[11px] text-muted-foreground">{bounds(model)}</p>
    </FieldShell>
  );
}
