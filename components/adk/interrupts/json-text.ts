import { errorMessage } from "@/lib/values";

/** A value as the answer forms show it in a JSON text field. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

export type JsonTextParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Any JSON value; blank text stands for "no value" (undefined). */
export function parseJsonText(text: string): JsonTextParse {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(error)}` };
  }
}
