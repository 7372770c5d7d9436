"use client";

import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ValidationIssue } from "@/lib/schema/form";
import { errorMessage } from "@/lib/values";

export type JsonParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Whitespace means `{}`; anything else must parse to a JSON object. */
export function parseJsonObject(text: string): JsonParse {
  if (text.trim() === "") return { ok: true, value: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: "The value must be a JSON object ({ … })." };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

interface JsonModeProps {
  id: string;
  text: string;
  /** Parse error of `text`, or null when it is a valid object. */
  error: string | null;
  /** Schema validation errors of the current value, listed with their paths. */
  issues: readonly ValidationIssue[];
  onTextChange: (text: string) => void;
}

/**
 * The raw JSON view: a plain textarea whose text is exactly what the user typed — never
 * re-formatted or re-escaped while typing (the official inspector's defect class, mcp.md §5.2).
 */
export function JsonMode({ id, text, error, issues, onTextChange }: JsonModeProps) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="schema-form-json">
      <Label htmlFor={id}>JSON</Label>
      <Textarea
        id={id}
        value={text}
        rows={10}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        className="min-h-40 font-mono text-xs field-sizing-content"
        onChange={(e) => onTextChange(e.target.value)}
      />
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive" data-testid="schema-form-json-error">
          {error}
        </p>
      )}
      {error === null && issues.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-xs text-destructive" data-testid="schema-form-json-issues">
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              <code>{issue.path || "/"}</code> {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
