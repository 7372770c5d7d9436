import type { StatusTone } from "@/components/elements/status-badge";
import type { HttpExchange, HttpExchangeState } from "@/lib/contracts/network";

/** Badge per exchange state; a new state without a label is a type error (STYLE.md 7). */
export const EXCHANGE_STATE: Record<HttpExchangeState, { label: string; tone: StatusTone }> = {
  open: { label: "open", tone: "running" },
  done: { label: "done", tone: "ok" },
  aborted: { label: "closed early", tone: "canceled" },
  error: { label: "failed", tone: "failed" },
};

/** Text colour of an HTTP status: no answer and 4xx/5xx stand out. */
export function statusTone(status: number): string {
  if (status === 0 || status >= 400) return "text-destructive";
  if (status >= 300) return "text-amber-700 dark:text-amber-300";
  return "text-emerald-700 dark:text-emerald-400";
}

/** Path and query only: every exchange of a connection goes to one or two origins. */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** What the row says the exchange was for: the routing header (SEP-2243), else the methods it carried. */
export function purposeOf(x: HttpExchange): string {
  const method = x.requestHeaders["mcp-method"];
  const name = x.requestHeaders["mcp-name"];
  if (method) return name ? `${method} ${name}` : method;
  const sent = x.messages
    .filter((m) => m.dir === "out")
    .map((m) => (m.method ? (m.name ? `${m.method} ${m.name}` : m.method) : m.response ? `response #${String(m.id)}` : ""));
  if (sent.length > 0) return sent.filter(Boolean).join(", ");
  if (x.stream) return x.requestHeaders["last-event-id"] ? "event stream (resumed)" : "event stream";
  return "";
}
