import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

export interface FieldProps {
  /** The control's id: the label points at it, and the error is `field-error-<id>`. */
  id: string;
  label: string;
  /** Shown under the control while there is no error. */
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** One labelled form row with its error under it. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
      {hint && !error && <p className="text-[11px] text-muted-foreground">{hint}</p>}
      {error && (
        <p className="text-[11px] text-destructive" role="alert" data-testid={`field-error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
