"use client";

import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { asSchemaObject, classifySchema, isPlainObject } from "@/lib/schema/form";
import type { ValidationIssue } from "@/lib/schema/form";
import { fieldId, SchemaFormProvider } from "./form-context";
import { JsonMode, parseJsonObject } from "./json-mode";
import { ObjectProperties } from "./object-field";
import { ModelField } from "./schema-field";

export interface SchemaFormEditorProps {
  /** JSON Schema of the value (a tool's `inputSchema`, an elicitation `requestedSchema`). */
  schema: unknown;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Validation issues (from `validateValue`), shown beside the field at each `path`. */
  errors?: ValidationIssue[];
  /** Called with a message while the input cannot become a value (invalid JSON, half-typed number), else null. */
  onJsonErrorChange?: (message: string | null) => void;
  /** Prefix of DOM ids, for several editors on one page. */
  idPrefix?: string;
  /** More modes of the caller's (an answer's "Free text"), in the same switch after Form and JSON: one switch, not two. */
  modeExtra?: ReactNode;
}

interface JsonState {
  text: string;
  error: string | null;
  /** `JSON.stringify` of the value the text stands for; a different incoming value replaces the text. */
  synced: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Form built from a JSON Schema, with a raw JSON mode that keeps the user's text verbatim. */
export function SchemaFormEditor({
  schema,
  value,
  onChange,
  errors = [],
  onJsonErrorChange,
  idPrefix = "schema-form",
  modeExtra,
}: SchemaFormEditorProps) {
  const root = useMemo(() => asSchemaObject(schema), [schema]);
  const model = useMemo(() => classifySchema(root, root), [root]);
  const [mode, setMode] = useState<"form" | "json">("form");
  const [json, setJson] = useState<JsonState>({ text: "", error: null, synced: "" });
  const [switchBlocked, setSwitchBlocked] = useState(false);
  const [draftError, setDraftError] = useState<string | null>(null);
  const drafts = useRef(new Map<string, string>());

  const current = JSON.stringify(value);
  if (mode === "json" && current !== json.synced) setJson({ text: pretty(value), error: null, synced: current });

  const reportDraftError = useCallback((pointer: string, message: string | null) => {
    if (message === null) drafts.current.delete(pointer);
    else drafts.current.set(pointer, message);
    const first = drafts.current.values().next();
    setDraftError(first.done ? null : first.value);
  }, []);
  const context = useMemo(() => ({ root, idPrefix, errors, reportDraftError }), [root, idPrefix, errors, reportDraftError]);

  const reported = mode === "json" ? json.error : draftError;
  const report = useEffectEvent((message: string | null) => onJsonErrorChange?.(message));
  useEffect(() => report(reported), [reported]);

  const toJson = () => {
    setJson({ text: pretty(value), error: null, synced: current });
    setMode("json");
  };
  const toForm = () => {
    if (json.error !== null) return setSwitchBlocked(true);
    setSwitchBlocked(false);
    setMode("form");
  };
  const onText = (text: string) => {
    const parsed = parseJsonObject(text);
    if (!parsed.ok) return setJson({ text, error: parsed.error, synced: json.synced });
    setSwitchBlocked(false);
    setJson({ text, error: null, synced: JSON.stringify(parsed.value) });
    onChange(parsed.value);
  };

  const rootErrors = errors.filter((e) => e.path === "");
  const empty = model.kind === "object" && model.properties.length === 0 && model.additional === false && Object.keys(value).length === 0;
  return (
    <SchemaFormProvider value={context}>
      <div className="flex flex-col gap-3" data-testid="schema-form" data-mode={mode}>
        <div role="group" aria-label="Editor mode" data-testid="schema-form-mode" className="flex w-fit gap-0.5 rounded-md border p-0.5">
          {(["form", "json"] as const).map((m) => (
            <Button
              key={m}
              size="xs"
              variant={mode === m ? "secondary" : "ghost"}
              aria-pressed={mode === m}
              onClick={m === "form" ? toForm : toJson}
            >
              {m === "form" ? "Form" : "JSON"}
            </Button>
          ))}
          {modeExtra}
        </div>
        {switchBlocked && json.error !== null && (
          <p role="alert" className="text-xs text-destructive">
            Fix the JSON before switching to Form — your text is kept as typed.
          </p>
        )}
        {rootErrors.map((e) => (
          <p key={e.message} role="alert" className="text-xs text-destructive">
            {e.message}
          </p>
        ))}
        {mode === "json" ? (
          <JsonMode id={`${idPrefix}-json`} text={json.text} error={json.error} issues={errors} onTextChange={onText} />
        ) : model.kind === "object" ? (
          <>
            <ObjectProperties model={model} pointer="" value={value} onChange={onChange} />
            {empty && <p className="text-sm text-muted-foreground">No fields to fill in.</p>}
          </>
        ) : (
          <ModelField
            model={model}
            frame={{ pointer: "", id: fieldId(idPrefix, ""), label: model.title ?? "Value", required: true, errors: [] }}
            value={value}
            onChange={(next) => isPlainObject(next) && onChange(next)}
          />
        )}
      </div>
    </SchemaFormProvider>
  );
}
