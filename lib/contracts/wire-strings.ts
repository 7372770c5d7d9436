import { z } from "zod";
import { AppError, type ErrorCode } from "@/lib/errors";

/** Half of a UTF-16 surrogate pair without its other half: no URL, header or form can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether a string is whole Unicode (JSON's `"\ud800"` escape makes one that is not). */
export const isWellFormed = (s: string): boolean => s.search(LONE_SURROGATE) < 0;

/** The string with each half of a surrogate pair replaced by U+FFFD (a name shown or sent whatever it holds). */
export const toWellFormed = (s: string): string => s.replace(LONE_SURROGATE, "\uFFFD");

/**
 * A string Loupe puts in a URL or a form sent upstream (an id, a client id): whole Unicode, else a
 * 400 in words. Before, encodeURIComponent threw on it when the request was made: a 500 or a 502.
 */
export const wireString = () => z.string().refine(isWellFormed, "holds half of a UTF-16 surrogate pair, which no URL can carry");

/**
 * encodeURIComponent for a path segment or form value sent upstream, refusing in words (a 400 with
 * the caller's code) what it cannot carry: it threw URIError on half a surrogate pair, a 500.
 */
export function encodeWire(value: string, code: ErrorCode): string {
  if (!isWellFormed(value))
    throw new AppError(code, `${JSON.stringify(value)} cannot be sent: it holds half of a UTF-16 surrogate pair, which no URL can carry`);
  return encodeURIComponent(value);
}

/** What a masked secret looks like in every API response, log and export. */
export const SECRET_MASK = "••••••";

/** An HTTP header name: a token (RFC 9110 §5.1). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** An HTTP header value as fetch takes it: Latin-1, one line, no NUL (RFC 9110 §5.5). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Custom headers saved with a connection and sent on every request. Checked when saved: fetch
 * refused a value with a line break (or € in it, or a name with a space) only when a request was
 * made, and every call answered 500.
 */
export const HttpHeaders = z
  .record(
    z.string().regex(HEADER_NAME, "a header name is letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only"),
    // SECRET_MASK: "keep the stored value" (an edit sends back what the page was shown).
    z
      .string()
      .refine(
        (v) => v === SECRET_MASK || HEADER_VALUE.test(v),
        "a header value is one line of Latin-1 text (no line break, no NUL, nothing beyond U+00FF)",
      ),
  )
  .default({});
