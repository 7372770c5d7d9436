import type { InboxStatus } from "@/lib/workbench/inbox-text";
import { errorMessage } from "@/lib/values";

export type { InboxStatus };
export { KIND_LABEL, type InboxKind } from "@/lib/workbench/inbox";
export { interruptStatus, sourceLabel } from "@/lib/workbench/adk";

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

export type JsonTextParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Any JSON value; blank text stands for "no value" (undefined). */
export function parseJsonText(text: string): JsonTextParse {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(error)}` };
  }
}
