/** Payloads above this many UTF-8 bytes are cut in view (STYLE.md rule 8: never render a large payload whole by default). */
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

