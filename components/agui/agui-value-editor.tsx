"use client";

import { useMemo, useState } from "react";
import { JsonTextField } from "@/components/elements/json-text-field";
import { FixFieldsNote, SchemaAnswerForm } from "@/components/elements/answer/answer-parts";
import { useSchemaAnswer } from "@/components/elements/answer/use-schema-answer";
import { Button } from "@/components/ui/button";
import { isPlainObject } from "@/lib/schema/form";
import { errorMessage } from "@/lib/values";

type Mode = "form" | "json";

/** Any JSON value, or the reason the text is none. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${errorMessage(e)}` };
  }
}

/** A form from the schema, or any JSON value; the user picks (issue 11 §3: "the result as JSON or form"). */
export function useValueEditor(schema: unknown, initial: unknown) {
  const usable = isPlainObject(schema) && (schema.type === undefined || schema.type === "object");
  const [mode, setMode] = useState<Mode>(usable ? "form" : "json");
  const form = useSchemaAnswer(schema, () => (isPlainObject(initial) ? initial : {}), mode === "form" && usable);
  const [text, setText] = useState(() => JSON.stringify(initial ?? {}, null, 2));
  const json = useMemo(() => parseJson(text), [text]);
  /** The value to send, or null when something blocks it (errors then show). */
  const take = (): { value: unknown } | null => {
    if (mode === "json") {
      form.attempt();
      return json.ok ? { value: json.value } : null;
    }
    return form.attempt() ? { value: form.value } : null;
  };
  return { usable, mode, setMode, form, text, setText, jsonError: json.ok ? null : json.error, take };
}

export interface ValueEditorProps {
  id: string;
  editor: ReturnType<typeof useValueEditor>;
  busy: boolean;
}

/** The form (with a switch to any JSON value) or the JSON text, and why a send was blocked. */
export function ValueEditor({ id, editor, busy }: ValueEditorProps) {
  return (
    <div className="flex flex-col gap-2">
      {editor.mode === "form" && editor.usable ? (
        <SchemaAnswerForm answer={editor.form} idPrefix={id} />
      ) : (
        <JsonTextField
          id={`${id}-json`}
          label="Value (JSON)"
          text={editor.text}
          error={editor.jsonError}
          disabled={busy}
          testId="agui-answer-json"
          onTextChange={editor.setText}
        />
      )}
      {editor.usable && (
        // The form has its own JSON view for the object; this switch is for any other JSON value.
        <Button
          size="xs"
          variant="ghost"
          className="self-start"
          aria-pressed={editor.mode === "json"}
          data-testid={`agui-answer-mode-${editor.mode === "form" ? "json" : "form"}`}
          onClick={() => editor.setMode(editor.mode === "form" ? "json" : "form")}
        >
          {editor.mode === "form" ? "Answer with any JSON value instead" : "Back to the form"}
        </Button>
      )}
      {editor.form.tried && !editor.form.check.ok && editor.mode === "form" && <FixFieldsNote />}
    </div>
  );
}
