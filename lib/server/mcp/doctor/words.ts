import "server-only";
import { describeNetworkError } from "@/lib/server/mcp/transports";

/** A value quoted for a sentence, cut to a readable length. */
export function quote(value: string, max = 120): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}

const ERRNO_WORDS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOTDIR: "a path component is not a directory",
};

/** An errno or fetch error in words, with its code. */
export function networkWords(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && ERRNO_WORDS[code]) return `${ERRNO_WORDS[code]} (${code})`;
  if (typeof code === "string" && !(error as { cause?: unknown }).cause) {
    return describeNetworkError(Object.assign(new Error(code), { cause: error }));
  }
  return describeNetworkError(error);
}
