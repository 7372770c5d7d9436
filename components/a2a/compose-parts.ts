import type { A2aPartInput } from "@/lib/contracts/a2a";
import { fileToBase64 } from "@/components/elements/composer/file-bytes";
import { errorMessage, isRecord } from "@/lib/values";

export type DataParse = { ok: true; data: Record<string, unknown> | null } | { ok: false; error: string };

/** The optional data part: empty is none; otherwise a JSON object (A2A DataPart.data is an object). */
export function parseDataPart(text: string): DataParse {
  if (text.trim() === "") return { ok: true, data: null };
  try {
    const v: unknown = JSON.parse(text);
    if (!isRecord(v)) return { ok: false, error: "A data part is a JSON object: { … }" };
    return { ok: true, data: v };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${errorMessage(e)}` };
  }
}

/** Text first, then each file (base64), then the data part: the order the user composed them. */
export async function composeParts(text: string, files: readonly File[], data: Record<string, unknown> | null): Promise<A2aPartInput[]> {
  const parts: A2aPartInput[] = [];
  if (text.trim() !== "") parts.push({ kind: "text", text });
  for (const f of files) {
    const bytes = await fileToBase64(f);
    parts.push({ kind: "file", name: f.name || undefined, mimeType: f.type || "application/octet-stream", bytes });
  }
  if (data) parts.push({ kind: "data", data });
  return parts;
}
