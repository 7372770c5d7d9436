"use client";

import { useMemo, useState } from "react";
import { AnswerModeSwitch, FixFieldsNote, SchemaAnswerForm } from "@/components/elements/answer/answer-parts";
import { useSchemaAnswer } from "@/components/elements/answer/use-schema-answer";
import { BusyButton } from "@/components/elements/busy-button";
import { JsonTextField } from "@/components/elements/json-text-field";
import { isRecord } from "@/lib/values";
import { parseJsonValue, schemaOfValue } from "./answer-values";

type Mode = "form" | "json";
const MODE_LABEL: Record<Mode, string> = { form: "Form", json: "JSON" };

export interface LgEditArgsProps {
  id: string;
  /** The action's arguments as the graph sent them (the form starts from them). */
  args: Record<string, unknown>;
  busy: boolean;
  onSend: (args: Record<string, unknown>) => void;
}

/** "Edit": the action's arguments in a form inferred from their values, or as a JSON object. */
export function LgEditArgs({ id, args, busy, onSend }: LgEditArgsProps) {
  const [mode, setMode] = useState<Mode>("form");
  const schema = useMemo(() => schemaOfValue(args), [args]);
  const form = useSchemaAnswer(schema, () => args, mode === "form");
  const [text, setText] = useState(() => JSON.stringify(args, null, 2));
  const parsed = parseJsonValue(text);
  const jsonError = !parsed.ok ? parsed.error : isRecord(parsed.value) ? null : "The arguments must be a JSON object";

  const send = () => {
    if (mode === "form") {
      if (form.attempt()) onSend(form.value);
    } else if (parsed.ok && isRecord(parsed.value)) onSend(parsed.value);
  };

  return (
    <div className="flex flex-col gap-2 rounded-md border p-2" data-testid="lg-edit-form">
      <AnswerModeSwitch
        modes={["form", "json"] as const}
        labels={MODE_LABEL}
        value={mode}
        onChange={setMode}
        testIdPrefix="lg-edit-mode-"
      />
      {mode === "form" ? (
        <SchemaAnswerForm answer={form} idPrefix={`${id}-edit`} />
      ) : (
        <JsonTextField
          id={`${id}-edit-json`}
          label="Arguments (JSON object)"
          text={text}
          error={jsonError}
          disabled={busy}
          testId="lg-edit-json"
          onTextChange={setText}
        />
      )}
      {mode === "form" && form.tried && !form.check.ok && <FixFieldsNote />}
      <BusyButton className="w-fit" size="sm" data-testid="lg-send-edit" busy={busy} onClick={send}>
        Send edited arguments
      </BusyButton>
    </div>
  );
}
