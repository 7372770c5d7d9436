"use client";

import { useMemo } from "react";
import { classifySchema, valueFitsModel } from "@/lib/schema/form";
import type { FieldModel, JsonSchema } from "@/lib/schema/form";
import { ArrayField } from "./array-field";
import { BooleanField } from "./boolean-field";
import { ConstField } from "./const-field";
import type { FieldFrame } from "./field-shell";
import { errorsAt, fieldId, useSchemaForm } from "./form-context";
import { JsonField } from "./json-field";
import { MultiSelectField } from "./multi-select-field";
import { NullableField } from "./nullable-field";
import { NumberField } from "./number-field";
import { ObjectField } from "./object-field";
import { SelectField } from "./select-field";
import { StringField } from "./string-field";
import { VariantField } from "./variant-field";

interface ModelFieldProps {
  model: FieldModel;
  frame: FieldFrame;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** Renders an already classified model; a value the model cannot hold is shown as JSON. */
export function ModelField({ model, frame, value, onChange }: ModelFieldProps) {
  const props = { frame, value, onChange };
  if (!valueFitsModel(model, value)) {
    return (
      <JsonField {...props} model={{ kind: "json", schema: model.schema, reason: "the current value does not fit the schema's form" }} />
    );
  }
  switch (model.kind) {
    case "string":
      return <StringField {...props} model={model} />;
    case "number":
      return <NumberField {...props} model={model} />;
    case "boolean":
      return <BooleanField {...props} model={model} />;
    case "select":
      return <SelectField {...props} model={model} />;
    case "multi-select":
      return <MultiSelectField {...props} model={model} />;
    case "array":
      return <ArrayField {...props} model={model} />;
    case "object":
      return <ObjectField {...props} model={model} />;
    case "nullable":
      return <NullableField {...props} model={model} />;
    case "variants":
      return <VariantField {...props} model={model} />;
    case "const":
      return <ConstField {...props} model={model} />;
    case "json":
      return <JsonField {...props} model={model} />;
  }
}

export interface SchemaFieldProps {
  schema: JsonSchema;
  /** JSON pointer of the value (test id `schema-field-<pointer>`, error address). */
  pointer: string;
  /** Property name, when the field is an object property. */
  name?: string;
  /** Label to use instead of title/name (array items: "edits item 1"). */
  label?: string;
  required: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** One schema node: classified lazily, when (and only if) it is rendered. */
export function SchemaField({ schema, pointer, name, label, required, value, onChange }: SchemaFieldProps) {
  const { root, idPrefix, errors } = useSchemaForm();
  const model = useMemo(() => classifySchema(schema, root), [schema, root]);
  const frame: FieldFrame = {
    pointer,
    id: fieldId(idPrefix, pointer),
    label: label ?? model.title ?? name ?? "Value",
    ...(name !== undefined ? { name } : {}),
    required,
    ...(model.description !== undefined ? { description: model.description } : {}),
    errors: errorsAt(errors, pointer),
  };
  return <ModelField model={model} frame={frame} value={value} onChange={onChange} />;
}
