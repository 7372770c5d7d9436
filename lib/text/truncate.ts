/**
 * The one truncation rule of every view (JSON viewer, traffic detail, tool results, resources,
 * artifacts, inbox payloads): a payload above VIEW_LIMIT_BYTES UTF-8 bytes is shown cut to that
 * many bytes on a character boundary, with "Show all" (STYLE.md rule 8: never render a large
 * payload whole by default). Byte-based because transport limits are in bytes.
 */
export const VIEW_LIMIT_BYTES = 100 * 1024;

// Native encoding beats a JS loop by ~5x on multi-megabyte strings; the temporary buffer is short-lived.
const encoder = typeof TextEncoder === "undefined" ? null : new TextEncoder();
const LOOP_MAX_CHARS = 64 * 1024;

/** UTF-8 length of a string (what a download of it weighs). */
export function utf8ByteLength(text: string): number {
  if (encoder && text.length > LOOP_MAX_CHARS) return encoder.encode(text).length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

export interface TruncatedText {
  text: string;
  truncated: boolean;
  shownBytes: number;
  totalBytes: number;
}

/**
 * First `maxBytes` UTF-8 bytes of `text`, cut on a character boundary so a surrogate pair or a
 * multi-byte character is never split in half.
 */
export function truncateUtf8(text: string, maxBytes: number = VIEW_LIMIT_BYTES): TruncatedText {
  // Fast path: every UTF-16 unit is at most 3 UTF-8 bytes, so short strings cannot exceed the limit.
  if (text.length * 3 <= maxBytes) {
    const bytes = utf8ByteLength(text);
    return { text, truncated: false, shownBytes: bytes, totalBytes: bytes };
  }
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    let units = 1;
    let size: number;
    if (c < 0x80) size = 1;
    else if (c < 0x800) size = 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(end + 1))) {
      size = 4;
      units = 2;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += units;
  }
  if (end >= text.length) return { text, truncated: false, shownBytes: bytes, totalBytes: bytes };
  return {
    text: text.slice(0, end),
    truncated: true,
    shownBytes: bytes,
    totalBytes: utf8ByteLength(text),
  };
}

/** Decoded size of a base64 payload, computed from its length (no decoding needed). */
export function base64ByteLength(b64: string): number {
  const clean = b64.replace(/[\s]/g, "");
  if (clean.length === 0) return 0;
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

// Pretty JSON for views, cut by the same rule.
const jsonEncoder = new TextEncoder();
const jsonDecoder = new TextDecoder();

export interface JsonPreview {
  /** Pretty JSON, cut to at most maxBytes UTF-8 bytes without splitting a character. */
  text: string;
  /** UTF-8 size of the whole pretty JSON. */
  bytes: number;
  truncated: boolean;
}

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
  const encoded = jsonEncoder.encode(full);
  const bytes = encoded.length;
  if (bytes <= maxBytes) return { text: full, bytes, truncated: false };
  let cut = Math.max(0, Math.floor(maxBytes));
  // Back off over UTF-8 continuation bytes (10xxxxxx) so the cut lands on a character start.
  while (cut > 0 && ((encoded[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return { text: jsonDecoder.decode(encoded.subarray(0, cut)), bytes, truncated: true };
}
