"use client";

import { Checkbox } from "@/components/ui/checkbox";
import type { BooleanFieldModel } from "@/lib/schema/form";
import { controlProps, FieldShell } from "./field-shell";
import type { FieldProps } from "./field-types";

/** A checkbox; an optional flag stays absent until touched, and "Clear" makes it absent again. */
export function BooleanField({ frame, value, onChange }: FieldProps<BooleanFieldModel>) {
  return (
    <FieldShell frame={frame} onClear={!frame.required && value !== undefined ? () => onChange(undefined) : undefined}>
      <div className="flex items-center gap-2">
        <Checkbox {...controlProps(frame)} checked={value === true} onCheckedChange={(checked) => onChange(checked === true)} />
        <span aria-hidden="true" className="font-mono text-xs text-muted-foreground">
          {value === undefined ? "not set" : String(value)}
        </span>
      </div>
    </FieldShell>
  );
}
