"use client";

import { useState } from "react";

export type DraftParse = { ok: true; value: unknown } | { ok: false; error: string };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Text that the user is typing for a value that is not text (a number, a JSON blob). The text is
 * the source of truth while it still means the current value; it is only replaced when the value
 * changes from outside (JSON mode, reorder, reset). Invalid text stands for "no value".
 */
export function useDraft(value: unknown, format: (value: unknown) => string, parse: (text: string) => DraftParse) {
  const [text, setText] = useState(() => format(value));
  const [synced, setSynced] = useState<unknown>(value);
  if (!Object.is(synced, value)) {
    setSynced(value);
    const parsed = parse(text);
    const stillMeansValue = parsed.ok ? same(parsed.value, value) : value === undefined;
    if (!stillMeansValue) setText(format(value));
  }
  const parsed = parse(text);
  return { text, setText, error: parsed.ok ? null : parsed.error, parsed };
}
