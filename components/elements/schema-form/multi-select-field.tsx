"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { MultiSelectFieldModel } from "@/lib/schema/form";
import { FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";

function rangeHint(model: MultiSelectFieldModel): string | null {
  const { minItems: min, maxItems: max } = model;
  if (min !== undefined && max !== undefined) return `Choose ${min} to ${max}.`;
  if (min !== undefined) return `Choose at least ${min}.`;
  if (max !== undefined) return `Choose at most ${max}.`;
  return null;
}

/** Array of enum values as a checkbox list; the result keeps the schema's option order. */
export function MultiSelectField({ model, frame, value, onChange }: FieldProps<MultiSelectFieldModel>) {
  const chosen = new Set((Array.isArray(value) ? value : []).map((v) => JSON.stringify(v)));
  const toggle = (index: number, on: boolean) => {
    const key = JSON.stringify(model.options[index]?.value);
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    onChange(model.options.filter((o) => next.has(JSON.stringify(o.value))).map((o) => o.value));
  };
  const hint = rangeHint(model);
  return (
    <FieldShell frame={frame} variant="group" onClear={!frame.required && value !== undefined ? () => onChange(undefined) : undefined}>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {model.options.map((option, index) => {
          const id = `${frame.id}-${index}`;
          return (
            <div key={index} className="flex items-center gap-1.5">
              <Checkbox
                id={id}
                checked={chosen.has(JSON.stringify(option.value))}
                onCheckedChange={(checked) => toggle(index, checked === true)}
              />
              <Label htmlFor={id} className="font-normal" title={option.description}>
                {option.label}
              </Label>
            </div>
          );
        })}
      </div>
      {hint && <p className="text-[11px] text-muted-foreground">{hint}</p>}
    </FieldShell>
  );
}
