"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

/** What every field component receives besides its model. */
export interface FieldFrame {
  /** JSON pointer of the value this field edits (also its test id and error address). */
  pointer: string;
  /** Id of the field's main input; `label` is tied to it. */
  id: string;
  /** Visible label: the schema title, else the property name, else e.g. "edits item 1". */
  label: string;
  /** The property name, shown beside a differing title so users see what is sent. */
  name?: string;
  required: boolean;
  description?: string;
  errors: string[];
  /** Overrides `schema-field-<pointer>` where two shells describe one value (a variant's body). */
  testId?: string;
}

interface FieldShellProps {
  frame: FieldFrame;
  /** `group` renders a fieldset + legend (objects, lists, checkbox lists). */
  variant?: "field" | "group";
  /** Offered for optional fields holding a value: removes the key so it is not sent. */
  onClear?: () => void;
  children: ReactNode;
  className?: string;
}

function Heading({ frame, group }: { frame: FieldFrame; group: boolean }) {
  const text = (
    <>
      {frame.label}
      {frame.required && (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      )}
    </>
  );
  // A span named by aria-labelledby rather than a <legend>: a legend only names its fieldset as
  // the first child, and this heading row also holds the property name and the Clear button.
  return group ? (
    <span id={`${frame.id}-label`} className="flex items-center gap-1 text-sm font-medium">
      {text}
    </span>
  ) : (
    <Label htmlFor={frame.id}>{text}</Label>
  );
}

/** Label, required mark, help text and errors around one field's control. */
export function FieldShell({ frame, variant = "field", onClear, children, className }: FieldShellProps) {
  const group = variant === "group";
  const Root = group ? "fieldset" : "div";
  return (
    <Root
      data-testid={frame.testId ?? `schema-field-${frame.pointer}`}
      className={cn("flex min-w-0 flex-col gap-1.5", group && "rounded-md border p-3", className)}
      {...(group ? { "aria-labelledby": `${frame.id}-label`, "aria-describedby": frame.description ? `${frame.id}-desc` : undefined } : {})}
    >
      <div className="flex min-w-0 items-center gap-2">
        <Heading frame={frame} group={group} />
        {frame.name !== undefined && frame.name !== frame.label && (
          <code className="truncate text-xs text-muted-foreground">{frame.name}</code>
        )}
        {onClear && (
          <Button variant="ghost" size="xs" className="ml-auto" onClick={onClear} aria-label={`Clear ${frame.label}`}>
            Clear
          </Button>
        )}
      </div>
      {frame.description && (
        <p id={`${frame.id}-desc`} className="text-xs text-muted-foreground">
          {frame.description}
        </p>
      )}
      {children}
      {frame.errors.map((message) => (
        <p key={message} role="alert" className="text-xs text-destructive">
          {message}
        </p>
      ))}
    </Root>
  );
}

/** Props for the control inside the shell: ties it to its label, help text and errors. */
export function controlProps(frame: FieldFrame) {
  return {
    id: frame.id,
    "aria-describedby": frame.description ? `${frame.id}-desc` : undefined,
    "aria-invalid": frame.errors.length > 0 ? true : undefined,
    "aria-required": frame.required ? true : undefined,
  };
}
