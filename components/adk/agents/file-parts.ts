import type { RunBody } from "@/lib/contracts/agents";

export type MessagePart = RunBody["parts"][number];

/** Base64 of bytes, in chunks so a large file does not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** A file the user attached, as a genai inline-data part (the way adk-web sends files). */
export async function fileToPart(file: File): Promise<MessagePart> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return {
    inlineData: {
      mimeType: file.type || "application/octet-stream",
      data: bytesToBase64(bytes),
      ...(file.name ? { displayName: file.name } : {}),
    },
  };
}

/** The message parts for the composer's text and files: text first, then each file. */
export async function messageParts(text: string, files: readonly File[]): Promise<MessagePart[]> {
  const parts: MessagePart[] = [];
  if (text.trim() !== "") parts.push({ text });
  for (const f of files) parts.push(await fileToPart(f));
  return parts;
}
