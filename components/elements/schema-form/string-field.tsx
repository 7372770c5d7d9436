"use client";

import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { StringFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";

const INPUT_TYPES: Record<string, string> = { email: "email", uri: "url", url: "url", date: "date" };
const PLACEHOLDERS: Record<string, string> = {
  uri: "https://…",
  "date-time": "2025-01-31T12:00:00Z",
  time: "12:00:00Z",
  uuid: "00000000-0000-0000-0000-000000000000",
};

function hint(model: StringFieldModel, length: number): string | null {
  const parts: string[] = [];
  if (model.format) parts.push(`format: ${model.format}`);
  if (model.pattern) parts.push(`pattern: ${model.pattern}`);
  if (model.minLength !== undefined || model.maxLength !== undefined) {
    parts.push(
      `${length}${model.maxLength !== undefined ? ` / ${model.maxLength}` : ""} characters${model.minLength !== undefined ? ` (min ${model.minLength})` : ""}`,
    );
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Text input; free text is a growing textarea so multi-line values can be typed and pasted. */
export function StringField({ model, frame, value, onChange }: FieldProps<StringFieldModel>) {
  const text = typeof value === "string" ? value : "";
  // An emptied optional field is removed, never sent as "".
  const emit = (next: string) => onChange(next === "" && !frame.required ? undefined : next);
  const details = hint(model, text.length);
  const shared = {
    ...controlProps(frame),
    value: text,
    placeholder: model.format ? PLACEHOLDERS[model.format] : undefined,
  };
  return (
    <FieldShell frame={frame}>
      {model.multiline ? (
        <Textarea
          {...shared}
          rows={1}
          className="min-h-8 resize-y py-1.5 font-mono text-xs field-sizing-content"
          onChange={(e) => emit(e.target.value)}
        />
      ) : (
        <Input
          {...shared}
          type={(model.format && INPUT_TYPES[model.format]) || "text"}
          className="font-mono text-xs"
          onChange={(e) => emit(e.target.value)}
        />
      )}
      {details && <p className="text-[11px] text-muted-foreground">{details}</p>}
    </FieldShell>
  );
}
