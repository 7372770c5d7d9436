import type { InboxItem } from "@/lib/contracts/agents";

/** What the inbox shows: the interrupt's own status, or "failed" when Loupe's last send failed. */
export type InboxStatus = InboxItem["status"];
export type InboxKind = InboxItem["kind"];

/** Kind labels; a new interrupt kind without a label is a type error (STYLE.md rule 7). */
export const KIND_LABEL: Record<InboxKind, string> = {
  confirmation: "Confirmation",
  input: "Input",
  credential: "Credential",
  long_running: "Long-running tool",
};

export type StatusTone = "info" | "success" | "secondary" | "destructive";

export const STATUS_META: Record<InboxStatus, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "info" },
  failed: { label: "Failed", tone: "destructive" },
  answered: { label: "Answered", tone: "success" },
  stale: { label: "Stale", tone: "secondary" },
};

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * The session decides answered/stale; Loupe's own stored answer decides failed. A pending
 * interrupt whose last send failed is shown as failed so Retry is offered (DESIGN.md "Interrupts").
 */
export function inboxStatus(item: InboxItem): InboxStatus {
  if (item.status === "pending" && item.lastAnswer?.status === "failed") return "failed";
  return item.status;
}

/** Items that still need the user (pending or failed), for the sidebar badge. */
export function countWaiting(items: readonly InboxItem[]): number {
  return items.filter((i) => {
    const s = inboxStatus(i);
    return s === "pending" || s === "failed";
  }).length;
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "";
}

export type JsonTextParse = { ok: true; value: unknown } | { ok: false; error: string };

/** Any JSON value; blank text stands for "no value" (undefined). */
export function parseJsonText(text: string): JsonTextParse {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** "agent › app › session" — where an interrupt comes from. */
export function sourceLabel(item: Pick<InboxItem, "agentName" | "appName" | "sessionId">): string {
  return `${item.agentName} › ${item.appName} › ${item.sessionId}`;
}
