"use client";

import { useMemo, useState } from "react";
import { SchemaFormEditor } from "@/components/schema-form/schema-form-editor";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { defaultArgumentsForSchema, isPlainObject, validateValue } from "@/lib/schema/form";
import type { ValidationIssue } from "@/lib/schema/form";
import { BusyButton } from "@/components/elements/busy-button";
import { previousOf, type AnswerFormProps } from "./form-types";
import { inputFormSchema } from "./input-schema";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { onModEnter } from "@/lib/keyboard";

type Mode = "form" | "text";

/**
 * Answer to `adk_request_input` (adk.md §6.4): a form generated from the response_schema, or free
 * text (a bare value the server wraps as `{result: …}`).
 */
export function InputForm({ item, onAnswer, busy, compact, previous }: AnswerFormProps<"input">) {
  const form = useMemo(() => inputFormSchema(item.schema), [item.schema]);
  const prior = previousOf(previous, "input")?.value;
  const [mode, setMode] = useState<Mode>(form && (prior === undefined || isPlainObject(prior) || form.wrapped) ? "form" : "text");
  const [value, setValue] = useState<Record<string, unknown>>(() => {
    if (!form) return {};
    if (prior !== undefined)
      return form.wrapped ? { result: prior } : isPlainObject(prior) ? prior : defaultArgumentsForSchema(form.schema);
    return defaultArgumentsForSchema(form.schema);
  });
  const [text, setText] = useState(typeof prior === "string" ? prior : "");
  const [draftError, setDraftError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const result = form && mode === "form" ? validateValue(form.schema, value) : ({ ok: true } as const);
  const errors: ValidationIssue[] = tried && !result.ok ? result.errors : [];
  const id = `input-${item.id}`;

  const submitForm = () => {
    setTried(true);
    if (!form || !result.ok || draftError !== null) return;
    onAnswer({ kind: "input", value: form.wrapped ? value.result : value });
  };
  const submitText = () => {
    if (text.trim() === "") return;
    onAnswer({ kind: "input", value: text });
  };

  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(form && mode === "form" ? submitForm : submitText, !busy)}>
      {item.message && (
        <p className="text-sm whitespace-pre-wrap" data-testid="input-message">
          {item.message}
        </p>
      )}
      {item.payload !== undefined && <ReadOnlyJson label="Payload" value={item.payload} testId="input-payload" collapsed={compact} />}
      {form && (
        <div role="group" aria-label="Answer as" className="flex w-fit gap-0.5 rounded-md border p-0.5">
          {(["form", "text"] as const).map((m) => (
            <Button
              key={m}
              size="xs"
              variant={mode === m ? "secondary" : "ghost"}
              aria-pressed={mode === m}
              data-testid={`input-mode-${m}`}
              onClick={() => setMode(m)}
            >
              {m === "form" ? "Form" : "Free text"}
            </Button>
          ))}
        </div>
      )}
      {form && mode === "form" ? (
        <>
          <SchemaFormEditor
            schema={form.schema}
            value={value}
            onChange={setValue}
            errors={errors}
            onJsonErrorChange={setDraftError}
            idPrefix={id}
          />
          {tried && !result.ok && (
            <p role="alert" className="text-xs text-destructive" data-testid="input-invalid">
              Fix the highlighted fields before sending.
            </p>
          )}
          <BusyButton className="w-fit" data-testid="submit-input" busy={busy} disabled={draftError !== null} onClick={submitForm}>
            Send answer
          </BusyButton>
        </>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-text`} className="text-xs">
              Answer
            </Label>
            <Textarea
              id={`${id}-text`}
              data-testid="input-free-text"
              value={text}
              disabled={busy}
              rows={3}
              onChange={(e) => setText(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">Sent as text; the agent receives it as {"{result: …}"}.</p>
          </div>
          <BusyButton className="w-fit" data-testid="submit-input" busy={busy} disabled={text.trim() === ""} onClick={submitText}>
            Send answer
          </BusyButton>
        </>
      )}
    </div>
  );
}
