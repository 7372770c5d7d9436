import { errorMessage } from "@/lib/values";
/** Above this, markdown is not offered: rendering megabytes through react-markdown would freeze the page. */
export const MARKDOWN_MAX_CHARS = 1024 * 1024;

const MARKDOWN_SAMPLE_CHARS = 64 * 1024;

export type TextFormat = { kind: "json"; value: unknown } | { kind: "markdown" } | { kind: "plain" };

/** Only objects and arrays count as JSON: "42" or "true" as text are better shown as written. */
function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  return (first === "{" && last === "}") || (first === "[" && last === "]");
}

// Horizontal whitespace only ([ \t], not \s): \s would span newlines and make a long run of blank
// lines backtrack quadratically. Bounded repeats do the same for e.g. a megabyte of "[" with no "]".
const STRONG_MARKDOWN = [
  /^#{1,6}[ \t]+\S/m, // ATX heading
  /^```/m, // fenced code
  /^[ \t]*\|[^\n]*\|[ \t]*\n[ \t]*\|?[ \t]*:?-{3,}/m, // table header + separator
  /\[[^\]\n]{1,200}\]\([^)\s]{1,500}\)/, // inline link
  /(\*\*|__)[^*_\n]{1,200}\1/, // bold
  /^>[ \t]+\S/m, // block quote
];
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+\.)[ \t]+\S/gm;

/** Heuristic: one strong markdown construct, or at least two list items. */
export function looksLikeMarkdown(text: string): boolean {
  if (text.length > MARKDOWN_MAX_CHARS) return false;
  // Markdown shows itself early; sampling the head keeps detection cheap on large texts.
  const sample = text.slice(0, MARKDOWN_SAMPLE_CHARS);
  if (STRONG_MARKDOWN.some((re) => re.test(sample))) return true;
  const items = sample.match(LIST_ITEM);
  return items !== null && items.length >= 2;
}

/** JSON if the text parses as an object or array, else markdown if it looks like it, else plain. */
export function detectTextFormat(text: string): TextFormat {
  if (looksLikeJson(text)) {
    try {
      const value: unknown = JSON.parse(text);
      return { kind: "json", value };
    } catch {
      // Not JSON after all (e.g. "[WARN] …"): fall through to the other checks.
    }
  }
  return looksLikeMarkdown(text) ? { kind: "markdown" } : { kind: "plain" };
}

/**
 * Two-space pretty JSON. `undefined` and functions have no JSON form, so they are shown by name
 * rather than disappearing.
 */
export function prettyJson(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    // JSON.stringify gives undefined for a function or a symbol, whatever its declared type says.
    const out: string | undefined = JSON.stringify(value, null, 2);
    return out ?? String(value);
  } catch (e) {
    return `/* not serializable: ${errorMessage(e)} */`;
  }
}
