"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { SchemaFormEditor } from "@/components/elements/schema-form/schema-form-editor";
import type { SchemaAnswer } from "./use-schema-answer";

/** The form for a schema answer (useSchemaAnswer), its issues beside the fields. */
export function SchemaAnswerForm({ answer, idPrefix, modeExtra }: { answer: SchemaAnswer; idPrefix: string; modeExtra?: ReactNode }) {
  return (
    <SchemaFormEditor
      modeExtra={modeExtra}
      schema={answer.schema}
      value={answer.value}
      onChange={answer.setValue}
      errors={answer.errors}
      onJsonErrorChange={answer.setDraftError}
      idPrefix={idPrefix}
    />
  );
}

export interface AnswerModeSwitchProps<M extends string> {
  modes: readonly M[];
  labels: Record<M, string>;
  value: M;
  onChange: (mode: M) => void;
  /** Each button is `<testIdPrefix><mode>`. */
  testIdPrefix: string;
  /** Before the buttons (what the switch decides). */
  lead?: ReactNode;
}

/** "Answer as": how the answer is given (a form, free text…). */
export function AnswerModeSwitch<M extends string>({ modes, labels, value, onChange, testIdPrefix, lead }: AnswerModeSwitchProps<M>) {
  return (
    <div role="group" aria-label="Answer as" className="flex w-fit items-center gap-0.5 rounded-md border p-0.5">
      {lead}
      {modes.map((m) => (
        <Button
          key={m}
          size="xs"
          variant={value === m ? "secondary" : "ghost"}
          aria-pressed={value === m}
          data-testid={`${testIdPrefix}${m}`}
          onClick={() => onChange(m)}
        >
          {labels[m]}
        </Button>
      ))}
    </div>
  );
}

export interface FreeTextAnswerProps {
  id: string;
  testId: string;
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
  /** How the text reaches the peer. */
  note: ReactNode;
}

/** An answer as free text. */
export function FreeTextAnswer({ id, testId, value, onChange, disabled, note }: FreeTextAnswerProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs">
        Answer
      </Label>
      <Textarea id={id} data-testid={testId} rows={3} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

/** Said under a form that blocked a send. */
export function FixFieldsNote({ testId }: { testId?: string }) {
  return (
    <p role="alert" className="text-xs text-destructive" data-testid={testId}>
      Fix the highlighted fields before sending.
    </p>
  );
}
