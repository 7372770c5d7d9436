import type { StatusTone } from "@/components/elements/status-badge";
import type { HttpExchange, HttpExchangeState } from "@/lib/contracts/network";

/** Badge per exchange state; a new state without a label is a type error (STYLE.md 7). */
export const EXCHANGE_STATE: Record<HttpExchangeState, { label: string; tone: StatusTone }> = {
  open: { label: "open", tone: "running" },
  done: { label: "done", tone: "ok" },
  aborted: { label: "closed early", tone: "canceled" },
  error: { label: "failed", tone: "failed" },
};

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
