"use client";

import { useMemo, useState } from "react";
import { defaultArgumentsForSchema, isPlainObject } from "@/lib/schema/form";
import { BusyButton } from "@/components/elements/busy-button";
import { Button } from "@/components/ui/button";
import { AnswerModeSwitch, FixFieldsNote, FreeTextAnswer, SchemaAnswerForm } from "@/components/elements/answer/answer-parts";
import { useSchemaAnswer } from "@/components/elements/answer/use-schema-answer";
import { previousOf, type AnswerFormProps } from "./form-types";
import { inputFormSchema } from "./input-schema";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { onModEnter } from "@/lib/keyboard";

type Mode = "form" | "text";
const MODE_LABEL: Record<Mode, string> = { form: "Form", text: "Free text" };

/**
 * Answer to `adk_request_input` (adk.md §6.4): a form generated from the response_schema, or free
 * text (a bare value the server wraps as `{result: …}`).
 */
export function InputForm({ item, onAnswer, busy, compact, previous }: AnswerFormProps<"input">) {
  const form = useMemo(() => inputFormSchema(item.schema), [item.schema]);
  const prior = previousOf(previous, "input")?.value;
  const [mode, setMode] = useState<Mode>(form && (prior === undefined || isPlainObject(prior) || form.wrapped) ? "form" : "text");
  const answer = useSchemaAnswer(
    form?.schema,
    () => {
      if (!form) return {};
      if (prior !== undefined)
        return form.wrapped ? { result: prior } : isPlainObject(prior) ? prior : defaultArgumentsForSchema(form.schema);
      return defaultArgumentsForSchema(form.schema);
    },
    Boolean(form) && mode === "form",
  );
  const [text, setText] = useState(typeof prior === "string" ? prior : "");
  const id = `input-${item.id}`;

  const submitForm = () => {
    if (!answer.attempt() || !form) return;
    onAnswer({ kind: "input", value: form.wrapped ? answer.value.result : answer.value });
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
      {/* In form mode "Free text" joins the editor's own Form / JSON switch (issue 23: two stacked toggles). */}
      {form && mode === "text" && (
        <AnswerModeSwitch modes={["form", "text"]} labels={MODE_LABEL} value={mode} onChange={setMode} testIdPrefix="input-mode-" />
      )}
      {form && mode === "form" ? (
        <>
          <SchemaAnswerForm
            answer={answer}
            idPrefix={id}
            modeExtra={
              <Button size="xs" variant="ghost" aria-pressed={false} data-testid="input-mode-text" onClick={() => setMode("text")}>
                {MODE_LABEL.text}
              </Button>
            }
          />
          {answer.tried && !answer.check.ok && <FixFieldsNote testId="input-invalid" />}
          <BusyButton className="w-fit" data-testid="submit-input" busy={busy} disabled={answer.draftError !== null} onClick={submitForm}>
            Send answer
          </BusyButton>
        </>
      ) : (
        <>
          <FreeTextAnswer
            id={`${id}-text`}
            testId="input-free-text"
            value={text}
            onChange={setText}
            disabled={busy}
            note={<>Sent as text; the agent receives it as {"{result: …}"}.</>}
          />
          <BusyButton className="w-fit" data-testid="submit-input" busy={busy} disabled={text.trim() === ""} onClick={submitText}>
            Send answer
          </BusyButton>
        </>
      )}
    </div>
  );
}
