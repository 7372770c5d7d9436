export interface JsonPreview {
  /** Pretty JSON, cut to at most maxBytes UTF-8 bytes without splitting a character. */
  text: string;
  /** UTF-8 size of the whole pretty JSON. */
  bytes: number;
  truncated: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function stringify(value: unknown): string {
  try {
    // undefined and functions stringify to undefined; circular values and BigInt throw.
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Pretty JSON for views, cut at maxBytes (STYLE.md rule 8: large payloads are never rendered
 * whole by default). Byte-based because the 64 KB transport limit is in bytes.
 */
export function previewJson(value: unknown, maxBytes: number): JsonPreview {
  const full = stringify(value);
  const encoded = encoder.encode(full);
  const bytes = encoded.length;
  if (bytes <= maxBytes) return { text: full, bytes, truncated: false };
  let cut = Math.max(0, Math.floor(maxBytes));
  // Back off over UTF-8 continuation bytes (10xxxxxx) so the cut lands on a character start.
  while (cut > 0 && ((encoded[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return { text: decoder.decode(encoded.subarray(0, cut)), bytes, truncated: true };
}
