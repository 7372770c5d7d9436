"use client";

import { createContext, useContext, useEffect } from "react";
import type { JsonSchemaObject, ValidationIssue } from "@/lib/schema/form";

interface SchemaFormContextValue {
  /** The whole schema: every `$ref` points into it. */
  root: JsonSchemaObject;
  idPrefix: string;
  errors: readonly ValidationIssue[];
  /**
   * A field whose text cannot become a value yet (half-typed number, invalid JSON) says so here,
   * so the editor can block sending instead of silently dropping what the user typed.
   */
  reportDraftError: (pointer: string, message: string | null) => void;
}

const SchemaFormContext = createContext<SchemaFormContextValue>({
  root: {},
  idPrefix: "sf",
  errors: [],
  reportDraftError: () => {},
});

export const SchemaFormProvider = SchemaFormContext.Provider;

export function useSchemaForm(): SchemaFormContextValue {
  return useContext(SchemaFormContext);
}

/** Keeps the editor informed of this field's draft error; clears it when the field goes away. */
export function useDraftErrorReport(pointer: string, message: string | null): void {
  const { reportDraftError } = useSchemaForm();
  useEffect(() => {
    reportDraftError(pointer, message);
    return () => reportDraftError(pointer, null);
  }, [reportDraftError, pointer, message]);
}

/** A DOM id for the input of the field at `pointer` (ids may hold any character but spaces). */
export function fieldId(idPrefix: string, pointer: string): string {
  return `${idPrefix}-field${encodeURI(pointer) || "-root"}`;
}

/** Messages addressed exactly to this field. */
export function errorsAt(errors: readonly ValidationIssue[], pointer: string): string[] {
  return errors.filter((e) => e.path === pointer).map((e) => e.message);
}
