import "server-only";
import { z } from "zod";
import type { Direction } from "@/lib/contracts/entries";
import type { CarriedMessage, HttpExchange } from "@/lib/contracts/network";
import { MAX_CARRIED } from "@/lib/contracts/network";
import { isRecord } from "@/lib/values";

/**
 * The MCP Inspector's Network export (HTTP connections only): one row per HTTP request the
 * Inspector made (`FetchRequestEntry`: id, timestamp, method, url, requestHeaders, requestBody?,
 * responseStatus?, responseStatusText?, responseHeaders?, responseBody?, duration?, stream?,
 * category, error?). Each row becomes an `http_exchange` record (what the traffic view shows as the
 * wire a message travelled on) and the JSON-RPC messages its bodies carried become `message`
 * entries: the request body's at the request time (out), the response's (JSON or SSE `data:`) at
 * request time + duration (in). The Inspector already wrote `[REDACTED]` for credential headers.
 */

const time = z.union([z.string(), z.number()]).refine((v) => !Number.isNaN(typeof v === "number" ? v : Date.parse(v)), "not a time");
const headers = z.record(z.string(), z.string());

export const networkRow = z
  .object({
    id: z.string(),
    timestamp: time,
    method: z.string(),
    url: z.string(),
    requestHeaders: headers,
    requestBody: z.string().optional(),
    responseStatus: z.number().optional(),
    responseStatusText: z.string().optional(),
    responseHeaders: headers.optional(),
    responseBody: z.string().optional(),
    duration: z.number().nonnegative().optional(),
    stream: z.object({ eventCount: z.number().optional() }).passthrough().optional(),
    category: z.string().optional(),
    error: z.string().optional(),
  })
  .passthrough();
export type NetworkRow = z.infer<typeof networkRow>;

export const NETWORK_KEYS: ReadonlySet<string> = new Set(Object.keys(networkRow.shape));

/** A network row's first keys: what tells it from the other exports. */
export function looksLikeNetworkRow(first: Record<string, unknown>): boolean {
  return "url" in first && "requestHeaders" in first && "method" in first && !("direction" in first);
}

/** The JSON values of a body: one JSON document, or the `data:` of each SSE event. */
function bodyMessages(body: string | undefined, contentType: string | undefined): unknown[] {
  if (!body) return [];
  const texts = contentType?.includes("text/event-stream")
    ? body.split(/\r?\n\r?\n/).map((event) =>
        event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
          .join("\n"),
      )
    : [body];
  return texts.flatMap((text) => {
    if (!/^\s*[[{]/.test(text)) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return (Array.isArray(parsed) ? parsed : [parsed]).filter(isRecord);
    } catch {
      return [];
    }
  });
}

function carried(frame: Record<string, unknown>, dir: CarriedMessage["dir"]): CarriedMessage | null {
  const out: CarriedMessage = { dir };
  if (typeof frame.id === "string" || typeof frame.id === "number") out.id = frame.id;
  if (typeof frame.method === "string") out.method = frame.method;
  const params = isRecord(frame.params) ? frame.params : undefined;
  const name = typeof params?.name === "string" ? params.name : typeof params?.uri === "string" ? params.uri : undefined;
  if (name !== undefined && out.method !== undefined) out.name = name.slice(0, 200);
  if ("result" in frame || "error" in frame) out.response = true;
  return out.id === undefined && out.method === undefined ? null : out;
}

const lower = (h: Record<string, string> | undefined) => Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

export interface NetworkEntry {
  at: number;
  direction: Direction;
  protocol: "mcp" | "loupe";
  kind: "message" | "http_exchange";
  raw: unknown;
}

/** One network row → its exchange record and the messages its bodies carried. */
export function networkEntries(row: NetworkRow, startedAt: number): NetworkEntry[] {
  const sent = bodyMessages(row.requestBody, lower(row.requestHeaders)["content-type"] ?? "application/json");
  const received = bodyMessages(row.responseBody, lower(row.responseHeaders)["content-type"]);
  const messages = [
    ...sent.map((m) => carried(m as Record<string, unknown>, "out")),
    ...received.map((m) => carried(m as Record<string, unknown>, "in")),
  ].filter((m): m is CarriedMessage => m !== null);
  const encoder = new TextEncoder();
  const exchange: HttpExchange = {
    id: row.id,
    state: row.error !== undefined ? "error" : "done",
    method: row.method,
    url: row.url,
    status: row.responseStatus ?? 0,
    requestHeaders: row.requestHeaders,
    responseHeaders: row.responseHeaders ?? {},
    startedAt,
    ...(row.duration !== undefined ? { durationMs: row.duration } : {}),
    requestBytes: encoder.encode(row.requestBody ?? "").length,
    responseBytes: encoder.encode(row.responseBody ?? "").length,
    ...(row.stream ? { stream: { events: row.stream.eventCount ?? 0 } } : {}),
    messages: messages.slice(0, MAX_CARRIED),
    ...(messages.length > MAX_CARRIED ? { messagesOmitted: messages.length - MAX_CARRIED } : {}),
    ...(messages.length === 0 && row.responseBody ? { responsePreview: row.responseBody.slice(0, 4096) } : {}),
    ...(row.error !== undefined ? { error: row.error } : {}),
  };
  const end = startedAt + (row.duration ?? 0);
  return [
    { at: startedAt, direction: "out", protocol: "loupe", kind: "http_exchange", raw: exchange },
    ...sent.map((raw): NetworkEntry => ({ at: startedAt, direction: "out", protocol: "mcp", kind: "message", raw })),
    ...received.map((raw): NetworkEntry => ({ at: end, direction: "in", protocol: "mcp", kind: "message", raw })),
  ];
}
