import "server-only";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";

/** Characters of context either side of a match in a snippet. */
const SNIPPET_SIDE = 60;

/** `%`, `_` and the escape itself taken literally by `LIKE … ESCAPE '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first string inside `value` (depth first) that contains `needle` (lower case). */
export function findText(value: unknown, needle: string, depth = 0): string | null {
  if (typeof value === "string") return value.toLowerCase().includes(needle) ? value : null;
  if (depth > 12) return null;
  const children = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  for (const child of children) {
    const found = findText(child, needle, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The match with some text either side, on one line. */
export function snippetAround(text: string, needle: string): string {
  const flat = text.replace(/\s+/g, " ");
  const at = Math.max(0, flat.toLowerCase().indexOf(needle));
  const start = Math.max(0, at - SNIPPET_SIDE);
  const end = Math.min(flat.length, at + needle.length + SNIPPET_SIDE);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}

/** `work`, or a timeout AppError after `ms`: a peer that hangs is reported instead of holding the search. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("timeout:agent_sessions", `did not list its sessions within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
