"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { newItemValue } from "@/lib/schema/form";
import type { NullableFieldModel } from "@/lib/schema/form";
import { FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useSchemaForm } from "./form-context";
import { ModelField } from "./schema-field";

/**
 * X or null. null is an explicit choice (a checkbox), never what an emptied input turns into:
 * clearing the text of a nullable string removes the key, it does not send null.
 */
export function NullableField({ model, frame, value, onChange }: FieldProps<NullableFieldModel>) {
  const { root } = useSchemaForm();
  const isNull = value === null;
  const toggleId = `${frame.id}-null`;
  const toggle = (
    <div className="flex items-center gap-1.5">
      <Checkbox
        id={toggleId}
        aria-label={`${frame.label} is null`}
        checked={isNull}
        onCheckedChange={(checked) => {
          if (checked === true) onChange(null);
          else onChange(model.inner.kind === "object" ? newItemValue(model.inner.schema, root) : undefined);
        }}
      />
      <Label htmlFor={toggleId} className="font-mono text-xs font-normal text-muted-foreground">
        null
      </Label>
    </div>
  );
  if (isNull) {
    return (
      <FieldShell frame={{ ...frame, id: toggleId }} onClear={frame.required ? undefined : () => onChange(undefined)}>
        {toggle}
      </FieldShell>
    );
  }
  // The inner field keeps this field's label, id and errors; the null switch sits right under it.
  const inner = { ...model.inner, title: model.title ?? model.inner.title, description: model.description ?? model.inner.description };
  return (
    <div className="flex flex-col gap-1">
      <ModelField model={inner} frame={frame} value={value} onChange={onChange} />
      {toggle}
    </div>
  );
}
