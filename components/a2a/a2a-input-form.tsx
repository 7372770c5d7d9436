"use client";

import { useMemo, useState } from "react";
import { SchemaFormEditor } from "@/components/schema-form/schema-form-editor";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { BusyButton } from "@/components/elements/busy-button";
import { defaultArgumentsForSchema } from "@/lib/schema/form/defaults";
import { validateValue } from "@/lib/schema/form/validate";
import type { ValidationIssue } from "@/lib/schema/form";
import type { A2aAnswerBody } from "@/lib/contracts/a2a";

type Mode = "form" | "text";

export interface A2aInputFormProps {
  id: string;
  /** The JSON Schema the agent sent in a data part, if any: then a form (sent as a data part). */
  schema?: unknown;
  busy: boolean;
  /** A previous answer was refused: the button says Retry. */
  retry: boolean;
  onAnswer: (body: A2aAnswerBody) => void;
}

const isObjectSchema = (s: unknown): s is Record<string, unknown> =>
  typeof s === "object" && s !== null && !Array.isArray(s) && (s as { type?: unknown }).type === "object";

/** input-required: a form from the agent's schema (a data part), or free text (a text part). */
export function A2aInputForm({ id, schema, busy, retry, onAnswer }: A2aInputFormProps) {
  const formSchema = isObjectSchema(schema) ? schema : null;
  const [mode, setMode] = useState<Mode>(formSchema ? "form" : "text");
  const initial = useMemo(() => (formSchema ? defaultArgumentsForSchema(formSchema) : {}), [formSchema]);
  const [value, setValue] = useState<Record<string, unknown>>(initial);
  const [text, setText] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const result = formSchema && mode === "form" ? validateValue(formSchema, value) : ({ ok: true } as const);
  const errors: ValidationIssue[] = tried && !result.ok ? result.errors : [];
  const label = retry ? "Retry" : "Send answer";

  return (
    <div className="flex flex-col gap-3" data-testid="a2a-input-form">
      {formSchema && (
        <div role="group" aria-label="Answer as" className="flex w-fit items-center gap-0.5 rounded-md border p-0.5">
          {/* The schema editor below has its own Form / JSON switch: this one says what is sent. */}
          <span className="px-1.5 text-xs text-muted-foreground">Send as</span>
          {(["form", "text"] as const).map((m) => (
            <Button
              key={m}
              size="xs"
              variant={mode === m ? "secondary" : "ghost"}
              aria-pressed={mode === m}
              data-testid={`a2a-input-mode-${m}`}
              onClick={() => setMode(m)}
            >
              {m === "form" ? "Data (the agent's schema)" : "Free text"}
            </Button>
          ))}
        </div>
      )}
      {formSchema && mode === "form" ? (
        <>
          <SchemaFormEditor
            schema={formSchema}
            value={value}
            onChange={setValue}
            errors={errors}
            onJsonErrorChange={setDraftError}
            idPrefix={`a2a-${id}`}
          />
          <BusyButton
            className="w-fit"
            data-testid="a2a-submit"
            busy={busy}
            disabled={draftError !== null}
            onClick={() => {
              setTried(true);
              if (result.ok && draftError === null) onAnswer({ kind: "data", data: value });
            }}
          >
            {label}
          </BusyButton>
        </>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`a2a-${id}-text`} className="text-xs">
              Answer
            </Label>
            <Textarea
              id={`a2a-${id}-text`}
              data-testid="a2a-free-text"
              rows={3}
              value={text}
              disabled={busy}
              onChange={(e) => setText(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">Sent as a text part of a message on the same task.</p>
          </div>
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
