"use client";

import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { JsonView } from "./json-view";

export interface JsonTextFieldProps {
  id: string;
  label: string;
  /** The user's text, kept verbatim: never re-formatted while typing. */
  text: string;
  /** Parse error of `text`, or null. */
  error: string | null;
  onTextChange: (text: string) => void;
  disabled?: boolean;
  testId: string;
  hint?: string;
}

/** A JSON editor that owns no state: the form keeps the text and decides what an error blocks. */
export function JsonTextField({ id, label, text, error, onTextChange, disabled, testId, hint }: JsonTextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <Textarea
        id={id}
        data-testid={testId}
        value={text}
        disabled={disabled}
        rows={Math.min(14, Math.max(3, text.split("\n").length))}
        className="font-mono text-xs"
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        onChange={(e) => onTextChange(e.target.value)}
      />
      {error !== null && (
        <p id={errorId} role="alert" className="text-xs text-destructive" data-testid="json-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface ReadOnlyJsonProps {
  label: string;
  value: unknown;
  testId?: string;
  /** Collapsed behind a disclosure (compact cards). */
  collapsed?: boolean;
}

/** A read-only value the user needs to see to answer (tool args, payloads, interim responses). */
export function ReadOnlyJson({ label, value, testId, collapsed = false }: ReadOnlyJsonProps) {
  const pre = <JsonView value={value} className="rounded-md border bg-muted/30 p-2 text-xs leading-relaxed" />;
  if (collapsed) {
    return (
      <details data-testid={testId} className="text-xs">
        <summary className="cursor-pointer font-medium text-muted-foreground select-none">{label}</summary>
        {pre}
      </details>
    );
  }
  return (
    <div data-testid={testId} className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      {pre}
    </div>
  );
}
