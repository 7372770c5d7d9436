import type { A2aPartInput } from "@/lib/contracts/a2a";
import { bytesToBase64 } from "@/components/adk/agents/file-parts";
import { errorMessage } from "@/lib/values";

export type DataParse = { ok: true; data: Record<string, unknown> | null } | { ok: false; error: string };

/** The optional data part: empty is none; otherwise a JSON object (A2A DataPart.data is an object). */
export function parseDataPart(text: string): DataParse {
  if (text.trim() === "") return { ok: true, data: null };
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== "object" || v === null || Array.isArray(v)) return { ok: false, error: "A data part is a JSON object: { … }" };
    return { ok: true, data: v as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${errorMessage(e)}` };
  }
}

/** Text first, then each file (base64), then the data part: the order the user composed them. */
export async function composeParts(text: string, files: readonly File[], data: Record<string, unknown> | null): Promise<A2aPartInput[]> {
  const parts: A2aPartInput[] = [];
  if (text.trim() !== "") parts.push({ kind: "text", text });
  for (const f of files) {
    const bytes = bytesToBase64(new Uint8Array(await f.arrayBuffer()));
    parts.push({ kind: "file", name: f.name || undefined, mimeType: f.type || "application/octet-stream", bytes });
  }
  if (data) parts.push({ kind: "data", data });
  return parts;
}
