/** Display formats shared by the ADK timeline views. */
import { formatClockMs } from "@/lib/format";
import type { StateScope } from "@/lib/protocols/adk/types";

/** Event time as a clock, or "–" when the event carried none. */
export function formatEventTime(ms: number | null): string {
  return ms === null ? "–" : formatClockMs(ms);
}

/** Badge per state scope (adk.md §4: `app:`/`user:` shared, `temp:` never persisted). */
export const SCOPE_BADGE: Record<StateScope, { label: string; variant: "info" | "warning" | "secondary" | "outline" }> = {
  app: { label: "app", variant: "warning" },
  user: { label: "user", variant: "info" },
  temp: { label: "temp", variant: "secondary" },
  session: { label: "session", variant: "outline" },
};

/** Compact one-line JSON for summaries; never throws. */
export function inlineJson(value: unknown, max = 120): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
