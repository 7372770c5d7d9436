import "server-only";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import type { Entry } from "@/lib/contracts/entries";

/** Top-level fields up to this size survive in a preview (ids, methods, call status…). */
const KEEP_FIELD_BYTES = 1024;
/** How much of the raw JSON text a preview carries. */
const HEAD_CHARS = 2048;

/**
 * What replaces an oversized raw on the stream and in lists: the small top-level fields of the
 * original object (so `id`, `method`, a CallRecord's `status` stay usable) plus the head of the
 * JSON text in `_preview`. GET /api/entries/:seq returns the whole raw.
 */
export type RawPreview = Record<string, unknown> & { _preview: string };

/** `rawText`: JSON.stringify(raw) when the caller already has it (the store just wrote it). */
export function previewRaw(raw: unknown, rawText?: string): RawPreview {
  const text = rawText ?? JSON.stringify(raw) ?? "null";
  const preview: RawPreview = { _preview: text.slice(0, HEAD_CHARS) };
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      // A multi-MB field is known too big without serializing it.
      if (jsonAtLeast(value, KEEP_FIELD_BYTES) > KEEP_FIELD_BYTES) continue;
      const json = JSON.stringify(value);
      if (json !== undefined && Buffer.byteLength(json) <= KEEP_FIELD_BYTES) preview[key] = value;
    }
  }
  return preview;
}

/** A lower bound of the JSON length of `value`, counted only until it passes `limit`. */
function jsonAtLeast(value: unknown, limit: number): number {
  if (typeof value === "string") return value.length + 2;
  if (!value || typeof value !== "object") return 1;
  let total = 2;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    total += 1 + jsonAtLeast(item, limit - total);
    if (total > limit) return total;
  }
  return total;
}

/** The entry as lists and the stream carry it (raw previewed over ENTRY_PREVIEW_BYTES). */
export function previewEntry(entry: Entry): Entry {
  return previewEntryOf(entry);
}

/** previewEntry, reusing the raw's JSON text when the caller has it. */
export function previewEntryOf(entry: Entry, rawText?: string): Entry {
  if (entry.rawBytes <= ENTRY_PREVIEW_BYTES) return entry;
  return { ...entry, raw: previewRaw(entry.raw, rawText), truncated: true };
}
