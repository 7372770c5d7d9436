"use client";

import { useMemo, useState } from "react";
import type { AguiAnswerBody } from "@/lib/contracts/agui";
import { BusyButton } from "@/components/elements/busy-button";
import { JsonTextField, ReadOnlyJson } from "@/components/elements/json-text-field";
import { SchemaFormEditor } from "@/components/schema-form/schema-form-editor";
import { Button } from "@/components/ui/button";
import { defaultArgumentsForSchema, isPlainObject, validateValue } from "@/lib/schema/form";
import type { ValidationIssue } from "@/lib/schema/form";
import { onModEnter } from "@/lib/keyboard";
import { errorMessage } from "@/lib/values";

type Mode = "form" | "json";

/** A form from the schema, or any JSON value; the user picks (issue 11 §3: "the result as JSON or form"). */
function useValueEditor(schema: unknown, initial: unknown) {
  const usable = isPlainObject(schema) && (schema.type === undefined || schema.type === "object");
  const [mode, setMode] = useState<Mode>(usable ? "form" : "json");
  const [value, setValue] = useState<Record<string, unknown>>(isPlainObject(initial) ? initial : {});
  const [text, setText] = useState(() => JSON.stringify(initial ?? {}, null, 2));
  const [draftError, setDraftError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const jsonError = useMemo(() => {
    try {
      JSON.parse(text);
      return null;
    } catch (e) {
      return `Not JSON: ${errorMessage(e)}`;
    }
  }, [text]);
  const check = mode === "form" && usable ? validateValue(schema, value) : ({ ok: true } as const);
  const errors: ValidationIssue[] = tried && !check.ok ? check.errors : [];
  /** The value to send, or null when something blocks it (errors then show). */
  const take = (): { value: unknown } | null => {
    setTried(true);
    if (mode === "json") return jsonError ? null : { value: JSON.parse(text) as unknown };
    return check.ok && draftError === null ? { value } : null;
  };
  return { usable, mode, setMode, value, setValue, text, setText, jsonError, draftError, setDraftError, errors, tried, check, take };
}

interface EditorProps {
  id: string;
  schema: unknown;
  editor: ReturnType<typeof useValueEditor>;
  busy: boolean;
}

function ValueEditor({ id, schema, editor, busy }: EditorProps) {
  return (
    <div className="flex flex-col gap-2">
      {editor.mode === "form" && editor.usable ? (
        <SchemaFormEditor
          schema={schema}
          value={editor.value}
          onChange={editor.setValue}
          errors={editor.errors}
          onJsonErrorChange={editor.setDraftError}
          idPrefix={id}
        />
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
      {editor.tried && !editor.check.ok && editor.mode === "form" && (
        <p role="alert" className="text-xs text-destructive">
          Fix the highlighted fields before sending.
        </p>
      )}
    </div>
  );
}

export interface ToolResultFormProps {
  id: string;
  /** The declared tool's JSON Schema (of its arguments: the form starts from the call's arguments). */
  schema: unknown;
  args: unknown;
  busy: boolean;
  retry: boolean;
  onAnswer: (body: AguiAnswerBody) => void;
}

/** The result of a front-end tool call: the call's arguments, then the value the tool "returns". */
export function ToolResultForm({ id, schema, args, busy, retry, onAnswer }: ToolResultFormProps) {
  const editor = useValueEditor(schema, args);
  const send = () => {
    const taken = editor.take();
    if (taken) onAnswer({ kind: "tool_result", result: taken.value });
  };
  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(send, !busy)} data-testid="agui-tool-result-form">
      <ReadOnlyJson label="Arguments of the call" value={args} testId="agui-request-args" />
      <span className="text-xs font-medium">Result sent back to the agent (as the tool message&apos;s content)</span>
      <ValueEditor id={id} schema={schema} editor={editor} busy={busy} />
      <BusyButton className="w-fit" data-testid="agui-send-result" busy={busy} onClick={send}>
        {retry ? "Retry" : "Send result"}
      </BusyButton>
    </div>
  );
}

export interface InterruptFormProps {
  id: string;
  /** The interrupt's responseSchema (JSON otherwise). */
  schema: unknown;
  busy: boolean;
  retry: boolean;
  onAnswer: (body: AguiAnswerBody) => void;
}

/** Resolve (with a payload) or cancel an interrupt: the run is resumed with `resume[]` (agent-uis.md §3a). */
export function InterruptForm({ id, schema, busy, retry, onAnswer }: InterruptFormProps) {
  const editor = useValueEditor(schema, isPlainObject(schema) ? defaultArgumentsForSchema(schema) : {});
  const resolve = () => {
    const taken = editor.take();
    if (taken) onAnswer({ kind: "resume", status: "resolved", payload: taken.value });
  };
  return (
    <div className="flex flex-col gap-3" onKeyDown={onModEnter(resolve, !busy)} data-testid="agui-interrupt-form">
      <ValueEditor id={id} schema={schema} editor={editor} busy={busy} />
      <div className="flex gap-2">
        <BusyButton className="w-fit" data-testid="agui-resolve" busy={busy} onClick={resolve}>
          {retry ? "Retry resolve" : "Resolve"}
        </BusyButton>
        <Button
          size="sm"
          variant="outline"
          data-testid="agui-cancel-interrupt"
          disabled={busy}
          onClick={() => onAnswer({ kind: "resume", status: "cancelled" })}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
