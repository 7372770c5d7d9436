"use client";

import { NativeSelect } from "@/components/ui/native-select";
import type { SelectFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";

function indexOf(model: SelectFieldModel, value: unknown): number {
  const key = JSON.stringify(value);
  return model.options.findIndex((o) => JSON.stringify(o.value) === key);
}

/** Enum / const-union select. Options are addressed by index, so non-string values survive. */
export function SelectField({ model, frame, value, onChange }: FieldProps<SelectFieldModel>) {
  const selected = value === undefined ? -1 : indexOf(model, value);
  return (
    <FieldShell frame={frame}>
      <NativeSelect
        {...controlProps(frame)}
        className="font-mono text-xs"
        value={selected < 0 ? "" : String(selected)}
        onChange={(e) => onChange(e.target.value === "" ? undefined : model.options[Number(e.target.value)]?.value)}
      >
        {(selected < 0 || !frame.required) && <option value="">{frame.required ? "Choose…" : "— not set —"}</option>}
        {model.options.map((option, index) => (
          <option key={index} value={String(index)} title={option.description}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}
