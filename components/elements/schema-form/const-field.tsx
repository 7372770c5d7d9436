"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ConstFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";

/** A value the schema fixes: shown read-only; an optional one can be included or left out. */
export function ConstField({ model, frame, value, onChange }: FieldProps<ConstFieldModel>) {
  const text = JSON.stringify(model.value);
  return (
    <FieldShell frame={frame} onClear={!frame.required && value !== undefined ? () => onChange(undefined) : undefined}>
      <div className="flex items-center gap-2">
        <Input
          {...controlProps(frame)}
          readOnly
          value={value === undefined ? "" : text}
          placeholder="not set"
          className="font-mono text-xs"
        />
        {value === undefined && (
          <Button variant="outline" size="xs" onClick={() => onChange(model.value)}>
            Set to {text}
          </Button>
        )}
      </div>
    </FieldShell>
  );
}
