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

export function previewRaw(raw: unknown): RawPreview {
  const text = JSON.stringify(raw) ?? "null";
  const preview: RawPreview = { _preview: text.slice(0, HEAD_CHARS) };
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      const json = JSON.stringify(value);
      if (json !== undefined && Buffer.byteLength(json) <= KEEP_FIELD_BYTES) preview[key] = value;
    }
  }
  return preview;
}

/** The entry as lists and the stream carry it (raw previewed over ENTRY_PREVIEW_BYTES). */
export function previewEntry(entry: Entry): Entry {
  if (entry.rawBytes <= ENTRY_PREVIEW_BYTES) return entry;
  return { ...entry, raw: previewRaw(entry.raw), truncated: true };
}
