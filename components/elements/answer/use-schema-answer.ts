"use client";

import { useState } from "react";
import { validateValue, type ValidationIssue } from "@/lib/schema/form";

/**
 * An answer typed into a form built from a JSON Schema: the value, whether the form's own JSON view
 * holds text that is not a value yet, and the schema's issues — shown once the user has tried to
 * send. `active` says the form is what will be sent (not the free text / JSON beside it).
 */
export function useSchemaAnswer(schema: unknown, initial: () => Record<string, unknown>, active: boolean) {
  const [value, setValue] = useState<Record<string, unknown>>(initial);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const check = active ? validateValue(schema, value) : ({ ok: true } as const);
  const errors: ValidationIssue[] = tried && !check.ok ? check.errors : [];
  /** Marks the answer as tried (issues show) and says whether it can be sent. */
  const attempt = (): boolean => {
    setTried(true);
    return check.ok && draftError === null;
  };
  return { schema, value, setValue, draftError, setDraftError, tried, check, errors, attempt };
}

export type SchemaAnswer = ReturnType<typeof useSchemaAnswer>;
