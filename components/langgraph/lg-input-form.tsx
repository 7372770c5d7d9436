"use client";

import { useMemo } from "react";
import { asSchemaObject, classifySchema, isPlainObject } from "@/lib/schema/form";
import { SchemaFormProvider } from "@/components/elements/schema-form/form-context";
import { ObjectProperties } from "@/components/elements/schema-form/object-field";
import { parseJsonValue } from "./answer-values";

const noDraftErrors = () => {};

/** The object a JSON text stands for, or {} (empty, invalid or not an object). */
export function objectOfText(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  const parsed = parseJsonValue(text);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
}

/** Whether a schema gives the form something to render (an object with declared fields). */
export function schemaHasFields(schema: unknown): boolean {
  const root = asSchemaObject(schema);
  const model = classifySchema(root, root);
  return model.kind === "object" && model.properties.length > 0;
}

export interface LgInputFormProps {
  /** The graph's input JSON Schema (schemas route, `input`). */
  schema: unknown;
  /** The input as JSON text (the draft's, what is sent). */
  text: string;
  disabled?: boolean;
  onTextChange: (text: string) => void;
}

/** The run's input as a form built from the graph's input schema; it reads and writes the JSON text. */
export function LgInputForm({ schema, text, disabled, onTextChange }: LgInputFormProps) {
  const root = useMemo(() => asSchemaObject(schema), [schema]);
  const model = useMemo(() => classifySchema(root, root), [root]);
  const context = useMemo(() => ({ root, idPrefix: "lg-run-form", errors: [], reportDraftError: noDraftErrors }), [root]);
  const value = useMemo(() => objectOfText(text), [text]);
  if (model.kind !== "object") return null;
  return (
    <SchemaFormProvider value={context}>
      <fieldset disabled={disabled} data-testid="lg-run-form" className="max-h-72 overflow-y-auto rounded-md border p-2">
        <ObjectProperties
          model={model}
          pointer=""
          value={value}
          onChange={(next) => onTextChange(Object.keys(next).length ? JSON.stringify(next, null, 2) : "")}
        />
      </fieldset>
    </SchemaFormProvider>
  );
}
