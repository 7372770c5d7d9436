import type { RunBody } from "@/lib/contracts/agents";
import { fileToBase64 } from "@/components/elements/composer/file-bytes";

export type MessagePart = RunBody["parts"][number];

/** A file the user attached, as a genai inline-data part (the way adk-web sends files). */
export async function fileToPart(file: File): Promise<MessagePart> {
  return {
    inlineData: {
      mimeType: file.type || "application/octet-stream",
      data: await fileToBase64(file),
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
