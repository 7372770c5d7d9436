import "server-only";
import type { Entry } from "@/lib/contracts/entries";

/** Entry → the JSON text of its raw, as the store wrote it (only for entries streamed whole, not previewed). */
const rawTexts = new WeakMap<Entry, string>();

/** Remembers that `text` is JSON.stringify(entry.raw) (the store just wrote it): entryJson() then reuses it. */
export function keepRawText(entry: Entry, text: string): void {
  rawTexts.set(entry, text);
}

/**
 * JSON.stringify(entry), with the raw's text spliced in when the store's is kept: a relay's frame is
 * then serialized for the page without serializing its payload again (the same JSON; `raw` last).
 */
export function entryJson(entry: Entry): string {
  const text = rawTexts.get(entry);
  if (text === undefined) return JSON.stringify(entry);
  const { raw: _raw, ...rest } = entry;
  return `${JSON.stringify(rest).slice(0, -1)},"raw":${text}}`;
}
