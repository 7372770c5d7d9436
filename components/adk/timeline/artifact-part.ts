/**
 * Pure: what an artifact (a genai Part as the artifact endpoints return it, adk.md §2:
 * `{"inlineData":{"mimeType":"text/plain","data":"<b64>"}}` or `{"text":…}`) should be shown as.
 */
import { base64ToBytes } from "@/lib/tool-result/download";
import { base64ByteLength } from "@/lib/text/truncate";
import { isRecord } from "@/lib/values";

export type ArtifactContent =
  | { kind: "empty" }
  | { kind: "text"; text: string; mimeType: string }
  | { kind: "json"; value: unknown; mimeType: string }
  | { kind: "image"; mimeType: string; data: string }
  | { kind: "binary"; mimeType: string; data: string; bytes: number }
  | { kind: "unknown"; raw: unknown };

/** Python serializes bytes as URL-safe base64; atob wants the standard alphabet and padding. */
export function standardBase64(data: string): string {
  const s = data.replace(/\s/g, "").replace(/-/g, "+").replace(/_/g, "/");
  return s + "=".repeat((4 - (s.length % 4)) % 4);
}

function isTextMime(mime: string): boolean {
  const m = mime.toLowerCase().split(";")[0]?.trim() ?? "";
  return (
    m.startsWith("text/") ||
    m.endsWith("+json") ||
    m.endsWith("+xml") ||
    [
      "application/json",
      "application/xml",
      "application/javascript",
      "application/yaml",
      "application/x-yaml",
      "application/x-ndjson",
    ].includes(m)
  );
}

const isJsonMime = (mime: string) => /^application\/([\w.-]+\+)?json\b/i.test(mime);

function textOrJson(text: string, mimeType: string, tryJson: boolean): ArtifactContent {
  const t = text.trim();
  if (tryJson && (t.startsWith("{") || t.startsWith("["))) {
    try {
      const value: unknown = JSON.parse(t);
      return { kind: "json", value, mimeType };
    } catch {
      // not JSON after all: show the text
    }
  }
  return { kind: "text", text, mimeType };
}

export function classifyArtifact(part: unknown): ArtifactContent {
  if (part === undefined || part === null) return { kind: "empty" };
  if (!isRecord(part)) return { kind: "unknown", raw: part };
  if (typeof part.text === "string") return textOrJson(part.text, "text/plain", true);
  const inline = part.inlineData;
  if (isRecord(inline) && typeof inline.data === "string") {
    const mimeType = typeof inline.mimeType === "string" ? inline.mimeType : "application/octet-stream";
    const data = standardBase64(inline.data);
    if (mimeType.toLowerCase().startsWith("image/")) return { kind: "image", mimeType, data };
    if (isTextMime(mimeType)) {
      try {
        const text = new TextDecoder().decode(base64ToBytes(data));
        return textOrJson(text, mimeType, isJsonMime(mimeType));
      } catch {
        // invalid base64: offer the bytes as they are
      }
    }
    return { kind: "binary", mimeType, data, bytes: base64ByteLength(data) };
  }
  return { kind: "unknown", raw: part };
}

/** A download name with an extension the OS recognises. */
export function artifactFilename(name: string, version: number): string {
  const slash = name.lastIndexOf("/");
  const base = slash >= 0 ? name.slice(slash + 1) : name;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? `${base.slice(0, dot)}.v${version}${base.slice(dot)}` : `${base}.v${version}`;
}
