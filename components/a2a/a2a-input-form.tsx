"use client";

import { useState } from "react";
import { BusyButton } from "@/components/elements/busy-button";
import { AnswerModeSwitch, FreeTextAnswer, SchemaAnswerForm } from "@/components/elements/answer/answer-parts";
import { useSchemaAnswer } from "@/components/elements/answer/use-schema-answer";
import { defaultArgumentsForSchema, isPlainObject } from "@/lib/schema/form";
import type { A2aAnswerBody } from "@/lib/contracts/a2a";

type Mode = "form" | "text";
const MODE_LABEL: Record<Mode, string> = { form: "Data (the agent's schema)", text: "Free text" };

export interface A2aInputFormProps {
  id: string;
  /** The JSON Schema the agent sent in a data part, if any: then a form (sent as a data part). */
  schema?: unknown;
  busy: boolean;
  /** A previous answer was refused: the button says Retry. */
  retry: boolean;
  onAnswer: (body: A2aAnswerBody) => void;
}

/** input-required: a form from the agent's schema (a data part), or free text (a text part). */
export function A2aInputForm({ id, schema, busy, retry, onAnswer }: A2aInputFormProps) {
  const formSchema = isPlainObject(schema) && schema.type === "object" ? schema : null;
  const [mode, setMode] = useState<Mode>(formSchema ? "form" : "text");
  const answer = useSchemaAnswer(
    formSchema,
    () => (formSchema ? defaultArgumentsForSchema(formSchema) : {}),
    formSchema !== null && mode === "form",
  );
  const [text, setText] = useState("");
  const label = retry ? "Retry" : "Send answer";

  return (
    <div className="flex flex-col gap-3" data-testid="a2a-input-form">
      {formSchema && (
        <AnswerModeSwitch
          modes={["form", "text"]}
          labels={MODE_LABEL}
          value={mode}
          onChange={setMode}
          testIdPrefix="a2a-input-mode-"
          // The schema editor below has its own Form / JSON switch: this one says what is sent.
          lead={<span className="px-1.5 text-xs text-muted-foreground">Send as</span>}
        />
      )}
      {formSchema && mode === "form" ? (
        <>
          <SchemaAnswerForm answer={answer} idPrefix={`a2a-${id}`} />
          <BusyButton
            className="w-fit"
            data-testid="a2a-submit"
            busy={busy}
            disabled={answer.draftError !== null}
            onClick={() => answer.attempt() && onAnswer({ kind: "data", data: answer.value })}
          >
            {label}
          </BusyButton>
        </>
      ) : (
        <>
          <FreeTextAnswer
            id={`a2a-${id}-text`}
            testId="a2a-free-text"
            value={text}
            onChange={setText}
            disabled={busy}
            note="Sent as a text part of a message on the same task."
          />
          <BusyButton
            className="w-fit"
            data-testid="a2a-submit"
            busy={busy}
            disabled={text.trim() === ""}
            onClick={() => onAnswer({ kind: "text", text })}
          >
            {label}
          </BusyButton>
        </>
      )}
    </div>
  );
}
