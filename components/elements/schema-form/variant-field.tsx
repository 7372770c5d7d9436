"use client";

import { useState } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { classifySchema, matchVariant, valueForVariant, variantAccepts } from "@/lib/schema/form";
import type { VariantsFieldModel } from "@/lib/schema/form";
import { FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";
import { useSchemaForm } from "./form-context";
import { JsonField } from "./json-field";
import { ModelField } from "./schema-field";

/**
 * anyOf / oneOf / multi-type as a picker plus the chosen member's form. The member shown is the
 * one the value matches; an explicit pick is remembered while the value still fits it, since an
 * empty object can fit several members.
 */
export function VariantField({ model, frame, value, onChange }: FieldProps<VariantsFieldModel>) {
  const { root } = useSchemaForm();
  const [picked, setPicked] = useState<number | null>(null);
  const pickedOption = picked === null ? undefined : model.options[picked];
  const keepPick = pickedOption !== undefined && (value === undefined || variantAccepts(pickedOption.schema, value, root, true));
  const index = keepPick ? (picked ?? -1) : matchVariant(model.options, value, root);
  const option = model.options[index];
  const selectId = `${frame.id}-variant`;
  const body = option === undefined ? undefined : classifySchema(option.schema, root);
  return (
    <FieldShell
      frame={{ ...frame, id: selectId }}
      variant="group"
      onClear={!frame.required && value !== undefined ? () => onChange(undefined) : undefined}
    >
      <Label htmlFor={selectId} className="sr-only">
        {`${frame.label} variant`}
      </Label>
      <NativeSelect
        id={selectId}
        className="text-xs"
        value={index < 0 ? "" : String(index)}
        onChange={(e) => {
          const next = e.target.value === "" ? -1 : Number(e.target.value);
          const chosen = model.options[next];
          setPicked(chosen === undefined ? null : next);
          onChange(chosen === undefined ? undefined : valueForVariant(chosen.schema, value, root));
        }}
      >
        {index < 0 && <option value="">{value === undefined ? "Choose a variant…" : "Current value matches no variant"}</option>}
        {model.options.map((o, i) => (
          <option key={i} value={String(i)}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {body !== undefined && value !== undefined && (
        <ModelField
          model={body}
          frame={{
            ...frame,
            label: option?.label ?? frame.label,
            name: undefined,
            description: undefined,
            errors: [],
            testId: `schema-variant-${frame.pointer}`,
          }}
          value={value}
          onChange={onChange}
        />
      )}
      {body === undefined && value !== undefined && (
        <JsonField
          model={{ kind: "json", schema: model.schema, reason: "no variant matches" }}
          frame={{ ...frame, errors: [], testId: `schema-variant-${frame.pointer}` }}
          value={value}
          onChange={onChange}
        />
      )}
    </FieldShell>
  );
}
