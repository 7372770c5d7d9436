import type { Entry } from "@/lib/contracts/entries";
import type { CarriedMessage, HttpExchange } from "@/lib/contracts/network";
import { isRecord } from "@/lib/values";

/**
 * What a message carried beside its payload, read from the recorded frame (pure: the traffic
 * detail and tests share it): `_meta` fields, the 2026-07-28 `resultType` and cache hints, and
 * which HTTP exchange of the Network view carried it.
 */

/** Labels of the `_meta` keys the spec reserves (2025-11-25 and 2026-07-28); others show their key. */
export const META_LABELS: Record<string, string> = {
  "io.modelcontextprotocol/protocolVersion": "Protocol version",
  "io.modelcontextprotocol/clientCapabilities": "Client capabilities",
  "io.modelcontextprotocol/clientInfo": "Client info",
  "io.modelcontextprotocol/serverInfo": "Server info",
  "io.modelcontextprotocol/logLevel": "Log level",
  "io.modelcontextprotocol/related-task": "Related task",
  "io.modelcontextprotocol/subscriptionId": "Subscription",
  progressToken: "Progress token",
};

export interface MetaField {
  key: string;
  label: string;
  value: unknown;
}

/** The `_meta` of a request's params or a result, one field per key (reserved keys first). */
export function metaFields(raw: unknown): MetaField[] {
  if (!isRecord(raw)) return [];
  const holder = isRecord(raw.params) ? raw.params : isRecord(raw.result) ? raw.result : undefined;
  const meta = holder?._meta;
  if (!isRecord(meta)) return [];
  const fields = Object.entries(meta).map(([key, value]) => ({ key, label: META_LABELS[key] ?? key, value }));
  return fields.sort((a, b) => Number(b.key in META_LABELS) - Number(a.key in META_LABELS));
}

/** `resultType` and the cache hints of a result (SEP-2549: `ttlMs`, `cacheScope`), when present. */
export interface ResultHints {
  resultType?: string;
  ttlMs?: number;
  cacheScope?: string;
}

export function resultHints(raw: unknown): ResultHints {
  const result = isRecord(raw) && isRecord(raw.result) ? raw.result : undefined;
  if (!result) return {};
  const out: ResultHints = {};
  if (typeof result.resultType === "string") out.resultType = result.resultType;
  if (typeof result.ttlMs === "number") out.ttlMs = result.ttlMs;
  if (typeof result.cacheScope === "string") out.cacheScope = result.cacheScope;
  return out;
}

/** "no reuse" for 0; else the freshness in the largest unit that fits. */
export function formatTtl(ms: number): string {
  if (ms <= 0) return "0 (stale at once: re-fetch every time)";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${+(ms / 60_000).toFixed(1)} min`;
  return `${+(ms / 3_600_000).toFixed(1)} h`;
}

interface Said {
  dir: "in" | "out";
  id?: string | number;
  method?: string;
  response: boolean;
}

function said(entry: Entry): Said | null {
  if (entry.protocol !== "mcp" || entry.kind !== "message" || !isRecord(entry.raw)) return null;
  if (entry.direction !== "in" && entry.direction !== "out") return null;
  const raw = entry.raw;
  const id = typeof raw.id === "string" || typeof raw.id === "number" ? raw.id : undefined;
  const method = typeof raw.method === "string" ? raw.method : undefined;
  return { dir: entry.direction, id, method, response: "result" in raw || "error" in raw };
}

function matches(m: CarriedMessage, s: Said): boolean {
  if (m.dir !== s.dir || Boolean(m.response) !== s.response) return false;
  if (s.id !== undefined) return m.id === s.id;
  return m.id === undefined && m.method === s.method;
}

/** How far a message's record time is from the span of an exchange (0 inside it). */
function distance(x: HttpExchange, at: number): number {
  const end = x.state === "open" ? Infinity : x.startedAt + (x.durationMs ?? 0);
  // A sent message is recorded just before its POST leaves; a received one while its body flows.
  if (at < x.startedAt) return x.startedAt - at;
  return at > end ? at - end : 0;
}

/** Matches further than this apart are another session's message with the same id. */
const SLACK_MS = 5_000;

/** The exchange that carried a recorded JSON-RPC message, nearest in time among those naming it. */
export function exchangeForEntry<X extends HttpExchange>(exchanges: readonly X[], entry: Entry): X | undefined {
  const s = said(entry);
  if (!s) return undefined;
  let best: X | undefined;
  let bestDistance = SLACK_MS;
  for (const x of exchanges) {
    if (!x.messages.some((m) => matches(m, s))) continue;
    const d = distance(x, entry.receivedAt);
    if (d <= bestDistance) {
      best = x;
      bestDistance = d;
    }
  }
  return best;
}

/** The recorded entry of a message an exchange carried (the Network view's link to the traffic row). */
export function entryForMessage(entries: readonly Entry[], x: HttpExchange, m: CarriedMessage): Entry | undefined {
  let best: Entry | undefined;
  let bestDistance = SLACK_MS;
  for (const e of entries) {
    const s = said(e);
    if (!s || !matches(m, s)) continue;
    const d = distance(x, e.receivedAt);
    if (d <= bestDistance) {
      best = e;
      bestDistance = d;
    }
  }
  return best;
}
