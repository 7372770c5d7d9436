import { base64ByteLength, utf8ByteLength } from "@/lib/text/truncate";

/**
 * How one item of a ReadResourceResult's `contents` is shown, decided by its mimeType first and
 * only then by sniffing (a server's mimeType is a claim about the bytes, and usually right).
 */
export type ResourceContentView =
  | { kind: "markdown"; uri: string; mimeType?: string; text: string; bytes: number }
  | { kind: "json"; uri: string; mimeType?: string; text: string; value: unknown; bytes: number }
  | { kind: "text"; uri: string; mimeType?: string; text: string; bytes: number; language: string }
  | { kind: "image" | "audio"; uri: string; mimeType: string; blob: string; bytes: number }
  /** A blob whose mimeType says text: decoded and shown as text, with the download kept. */
  | { kind: "blob_text"; uri: string; mimeType: string; blob: string; text: string; bytes: number }
  | { kind: "blob"; uri: string; mimeType?: string; blob: string; bytes: number }
  | { kind: "unknown"; raw: unknown; reason: string };

/** Blobs above this are never decoded or previewed in the page: download only. */
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

const JSON_MIME = /^application\/(?:[\w.+-]+\+)?json(?:;|$)|^text\/json(?:;|$)/i;
const MARKDOWN_MIME = /^text\/(?:markdown|x-markdown)(?:;|$)/i;
const TEXTUAL_MIME = /^text\/|^application\/(?:[\w.+-]+\+)?(?:json|xml|yaml|x-yaml|javascript|ecmascript|toml|x-sh|sql|graphql)(?:;|$)/i;

const LANGUAGE_BY_MIME: [RegExp, string][] = [
  [/javascript|ecmascript/i, "javascript"],
  [/typescript/i, "typescript"],
  [/x-python|\/python/i, "python"],
  [/html/i, "html"],
  [/css/i, "css"],
  [/xml/i, "xml"],
  [/yaml/i, "yaml"],
  [/csv/i, "csv"],
  [/x-sh|shellscript/i, "shell"],
  [/sql/i, "sql"],
];

/** A short label for the syntax view ("plain" when nothing specific). */
export function languageOf(mimeType: string | undefined, uri: string): string {
  if (mimeType) {
    for (const [re, lang] of LANGUAGE_BY_MIME) if (re.test(mimeType)) return lang;
  }
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(uri)?.[1]?.toLowerCase();
  const byExt: Record<string, string> = {
    js: "javascript",
    mjs: "javascript",
    ts: "typescript",
    tsx: "typescript",
    py: "python",
    html: "html",
    css: "css",
    xml: "xml",
    yml: "yaml",
    yaml: "yaml",
    csv: "csv",
    sh: "shell",
    sql: "sql",
    rs: "rust",
    go: "go",
  };
  return (ext && byExt[ext]) || "plain";
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** UTF-8 decode of base64 (lenient: invalid bytes become U+FFFD, never throws). */
export function decodeBase64Text(b64: string): string {
  const bin = atob(b64.replace(/\s/g, ""));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function classifyResourceContent(raw: unknown): ResourceContentView {
  if (!isObj(raw)) return { kind: "unknown", raw, reason: "content item is not an object" };
  const uri = typeof raw.uri === "string" ? raw.uri : "";
  const mimeType = typeof raw.mimeType === "string" && raw.mimeType ? raw.mimeType : undefined;
  if (typeof raw.text === "string") {
    const text = raw.text;
    const bytes = utf8ByteLength(text);
    const jsonByMime = mimeType !== undefined && JSON_MIME.test(mimeType);
    if (jsonByMime || (!mimeType && /^\s*[[{]/.test(text))) {
      const parsed = parseJson(text);
      if (parsed.ok) return { kind: "json", uri, mimeType, text, value: parsed.value, bytes };
    }
    if (mimeType && MARKDOWN_MIME.test(mimeType)) return { kind: "markdown", uri, mimeType, text, bytes };
    if (!mimeType && /\.(md|markdown)(?:[?#]|$)/i.test(uri)) return { kind: "markdown", uri, mimeType, text, bytes };
    return { kind: "text", uri, mimeType, text, bytes, language: languageOf(mimeType, uri) };
  }
  if (typeof raw.blob === "string") {
    const blob = raw.blob;
    const bytes = base64ByteLength(blob);
    if (mimeType && bytes <= PREVIEW_MAX_BYTES) {
      if (/^image\//i.test(mimeType)) return { kind: "image", uri, mimeType, blob, bytes };
      if (/^audio\//i.test(mimeType)) return { kind: "audio", uri, mimeType, blob, bytes };
      if (TEXTUAL_MIME.test(mimeType)) {
        try {
          return { kind: "blob_text", uri, mimeType, blob, text: decodeBase64Text(blob), bytes };
        } catch {
          // Not valid base64: offer the download only.
        }
      }
    }
    return { kind: "blob", uri, mimeType, blob, bytes };
  }
  return { kind: "unknown", raw, reason: "content item has neither text nor blob" };
}
