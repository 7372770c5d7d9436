import "server-only";
import { z } from "zod";
import type { BundleEntry, BundleIssue } from "@/lib/contracts/bundle";
import { BUNDLE_ORIGIN_LABEL, issuePath } from "@/lib/contracts/bundle";
import type { McpTrafficSnapshot } from "@/lib/contracts/bundle-snapshots";
import type { Direction } from "@/lib/contracts/entries";
import { isRecord } from "@/lib/values";
import type { BundleFormatConverter } from "./converter";
import { looksLikeNetworkRow, NETWORK_KEYS, networkEntries, networkRow } from "./mcp-inspector-network";
import { foreignBundle, IMPORTED_ID, isoOf, refuseForeign, scrubForeign, zodIssues } from "./common";

/**
 * The official MCP Inspector's (v2) exports of its monitoring panel, each a JSON array:
 * - Protocol: one row per tracked message `{id, timestamp, direction: request|response|notification,
 *   origin?: client|server, message, response?, duration?, clientError?}` (core/mcp/types.ts
 *   MessageEntry; a request row carries its response and the ms between them);
 * - Console: the stdio server's stderr, `{timestamp, message}`;
 * - Logs: the server's notifications/message, `{receivedAt, params}`;
 * - Network (HTTP connections): every HTTP request, read by mcp-inspector-network.ts.
 * Each becomes an `mcp-traffic` bundle: JSON-RPC frames as `message` entries (out = sent by the
 * Inspector), stderr lines as `stderr`, a response the Inspector refused (clientError) as a
 * `transport_error` after it. Row fields this does not know are kept in an `unparsed` entry at the
 * row's time and in `snapshot.unmapped`.
 */

type LogKind = "protocol" | "console" | "logs" | "network";

const time = z.union([z.string(), z.number()]).refine((v) => !Number.isNaN(typeof v === "number" ? v : Date.parse(v)), "not a time");
const ms = (v: string | number): number => (typeof v === "number" ? v : Date.parse(v));
const frame = z.record(z.string(), z.unknown());

const protocolRow = z
  .object({
    id: z.string().optional(),
    timestamp: time,
    direction: z.enum(["request", "response", "notification"]),
    origin: z.enum(["client", "server"]).optional(),
    message: frame,
    response: frame.optional(),
    duration: z.number().nonnegative().optional(),
    clientError: z.string().optional(),
  })
  .passthrough();
const consoleRow = z.object({ timestamp: time, message: z.string() }).passthrough();
const logsRow = z.object({ receivedAt: time, params: frame }).passthrough();

const KNOWN_KEYS: Record<LogKind, ReadonlySet<string>> = {
  // `id` is the Inspector's own row key (the entry's seq takes its place).
  protocol: new Set(["id", "timestamp", "direction", "origin", "message", "response", "duration", "clientError"]),
  console: new Set(["timestamp", "message"]),
  logs: new Set(["receivedAt", "params"]),
  network: NETWORK_KEYS,
};

const KIND_LABEL: Record<LogKind, string> = {
  protocol: "protocol log",
  console: "console (stderr)",
  logs: "server logs",
  network: "network log",
};

/** Notifications only a client sends: an old log without `origin` still gets their direction right. */
const CLIENT_NOTIFICATIONS = new Set(["notifications/initialized", "notifications/roots/list_changed", "notifications/cancelled"]);

function logKind(json: unknown): LogKind | null {
  if (!Array.isArray(json) || json.length === 0 || !isRecord(json[0])) return null;
  const first = json[0];
  if ("direction" in first && "message" in first && "timestamp" in first) return "protocol";
  if (looksLikeNetworkRow(first)) return "network";
  if ("receivedAt" in first && "params" in first && !("direction" in first)) return "logs";
  if ("timestamp" in first && typeof first.message === "string" && !("direction" in first) && Object.keys(first).length === 2)
    return "console";
  return null;
}

/** `inspector-<section>-<server>-<ISO with - for :>.json` (the Inspector's download name). */
function fromFileName(fileName: string | undefined): { server?: string; exportedAt?: number } {
  const m = fileName?.match(
    /^inspector-(?:protocol(?:-pinned|-unpinned)?|logs|console|network)-(.+?)-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d(?:\.\d+)?Z)/,
  );
  if (!m) return {};
  const at = Date.parse(`${m[2]}:${m[3]}:${m[4]}`);
  let server: string | undefined;
  try {
    server = decodeURIComponent(m[1]!);
  } catch {
    server = m[1];
  }
  return { server, ...(Number.isNaN(at) ? {} : { exportedAt: at }) };
}

interface Timed {
  at: number;
  order: number;
  direction: Direction;
  protocol?: "loupe";
  kind: "message" | "stderr" | "transport_error" | "http_exchange" | "unparsed";
  raw: unknown;
}

function sentBy(row: z.infer<typeof protocolRow>): "client" | "server" {
  if (row.origin) return row.origin;
  if (row.direction === "response") return "server";
  const method = typeof row.message.method === "string" ? row.message.method : "";
  return row.direction === "request" || CLIENT_NOTIFICATIONS.has(method) ? "client" : "server";
}

const dirOf = (sender: "client" | "server"): Direction => (sender === "client" ? "out" : "in");

function protocolEntries(rows: z.infer<typeof protocolRow>[], push: (t: Omit<Timed, "order">) => void): void {
  for (const row of rows) {
    const at = ms(row.timestamp);
    const sender = sentBy(row);
    push({ at, direction: dirOf(sender), kind: "message", raw: row.message });
    if (!row.response && row.clientError === undefined) continue;
    // The Inspector keeps the response on its request's row with the ms between them.
    const answeredAt = at + (row.duration ?? 0);
    const back = dirOf(sender === "client" ? "server" : "client");
    if (row.response) push({ at: answeredAt, direction: back, kind: "message", raw: row.response });
    if (row.clientError !== undefined)
      push({
        at: answeredAt,
        direction: back,
        kind: "transport_error",
        raw: { message: `The Inspector refused the response: ${row.clientError}` },
      });
  }
}

/** The server the log talked to, from its initialize exchange (serverInfo, protocol version, client). */
function serverOf(timed: readonly Timed[]): Record<string, unknown> {
  const init = timed.find((t) => t.kind === "message" && t.direction === "out" && isRecord(t.raw) && t.raw.method === "initialize");
  const request = init && isRecord(init.raw) ? init.raw : null;
  const answer = request
    ? timed.find((t) => t.kind === "message" && t.direction === "in" && isRecord(t.raw) && t.raw.id === request.id && "result" in t.raw)
    : undefined;
  const result = answer && isRecord(answer.raw) && isRecord(answer.raw.result) ? answer.raw.result : null;
  const params = request && isRecord(request.params) ? request.params : null;
  return {
    ...(result && isRecord(result.serverInfo) ? { serverInfo: result.serverInfo } : {}),
    ...(result && typeof result.protocolVersion === "string" ? { protocolVersion: result.protocolVersion } : {}),
    ...(params && isRecord(params.clientInfo) ? { clientInfo: params.clientInfo } : {}),
  };
}

/** A row field this converter does not read, with its path in the original file. */
interface Unmapped {
  row: number;
  path: string;
  value: unknown;
}

/**
 * Fields of a row this converter does not know (a newer Inspector) stay visible: one `unparsed`
 * entry per such row, at the row's time, holding them raw (they are also listed in snapshot.unmapped).
 */
function keepUnmapped(rows: unknown[], unmapped: readonly Unmapped[], push: (t: Omit<Timed, "order">) => void): void {
  const byRow = new Map<number, Record<string, unknown>>();
  for (const u of unmapped) byRow.set(u.row, { ...byRow.get(u.row), [u.path]: u.value });
  for (const [row, fields] of byRow) {
    const r = rows[row] as { timestamp?: string | number; receivedAt?: string | number };
    const text = JSON.stringify(fields);
    push({
      at: ms(r.timestamp ?? r.receivedAt ?? 0),
      direction: "in",
      kind: "unparsed",
      raw: { text, error: `Fields of the Inspector's row [${row}] that Loupe does not read`, bytes: new TextEncoder().encode(text).length },
    });
  }
}

function parseRows<T extends z.ZodType>(json: unknown[], schema: T, kind: LogKind): { rows: z.infer<T>[]; unmapped: Unmapped[] } {
  const issues: BundleIssue[] = [];
  const rows: z.infer<T>[] = [];
  const unmapped: Unmapped[] = [];
  json.forEach((item, i) => {
    const fit = schema.safeParse(item);
    if (!fit.success) issues.push(...zodIssues(fit.error, [i]));
    else rows.push(fit.data);
    if (isRecord(item))
      for (const [k, v] of Object.entries(item)) if (!KNOWN_KEYS[kind].has(k)) unmapped.push({ row: i, path: issuePath([i, k]), value: v });
  });
  if (issues.length) refuseForeign(`${BUNDLE_ORIGIN_LABEL["mcp-inspector-log"]} (${KIND_LABEL[kind]})`, issues);
  return { rows, unmapped };
}

function convert(json: unknown, fileName?: string) {
  const kind = logKind(json);
  if (!kind || !Array.isArray(json))
    refuseForeign(BUNDLE_ORIGIN_LABEL["mcp-inspector-log"], [{ path: "(the file)", message: "not an Inspector export" }]);
  const scrubbed = scrubForeign(json as unknown[]);
  const rowsIn = scrubbed.value;
  const timed: Timed[] = [];
  const push = (t: Omit<Timed, "order">) => timed.push({ ...t, order: timed.length });
  let target = "";
  let unmapped: Unmapped[];
  if (kind === "protocol") {
    const read = parseRows(rowsIn, protocolRow, kind);
    protocolEntries(read.rows, push);
    unmapped = read.unmapped;
  } else if (kind === "console") {
    const read = parseRows(rowsIn, consoleRow, kind);
    for (const row of read.rows) push({ at: ms(row.timestamp), direction: "in", kind: "stderr", raw: { line: row.message } });
    unmapped = read.unmapped;
  } else if (kind === "network") {
    const read = parseRows(rowsIn, networkRow, kind);
    target = read.rows[0]?.url ?? "";
    for (const row of read.rows)
      for (const e of networkEntries(row, ms(row.timestamp))) push({ ...e, protocol: e.protocol === "loupe" ? "loupe" : undefined });
    unmapped = read.unmapped;
  } else {
    const read = parseRows(rowsIn, logsRow, kind);
    // The Logs panel keeps only the params; the frame they came in is notifications/message.
    for (const row of read.rows)
      push({
        at: ms(row.receivedAt),
        direction: "in",
        kind: "message",
        raw: { jsonrpc: "2.0", method: "notifications/message", params: row.params },
      });
    unmapped = read.unmapped;
  }
  keepUnmapped(rowsIn, unmapped, push);
  // Responses sit at their request's time + duration: ordered by time, file order breaking ties.
  timed.sort((a, b) => a.at - b.at || a.order - b.order);
  const entries: BundleEntry[] = timed.map((t, i) => ({
    seq: i + 1,
    connectionId: IMPORTED_ID,
    sessionKey: null,
    receivedAt: t.at,
    sourceTime: null,
    direction: t.direction,
    protocol: t.protocol ?? "mcp",
    kind: t.kind,
    raw: t.raw,
  }));
  const server = serverOf(timed);
  const file = fromFileName(fileName);
  const info = isRecord(server.serverInfo) ? server.serverInfo : {};
  const name = [info.title, info.name, file.server].find((v): v is string => typeof v === "string" && v !== "") ?? "MCP server";
  const snapshot: McpTrafficSnapshot & { unmapped?: typeof unmapped; inspectorExport: string } = {
    scope: { kind: "all" },
    calls: [],
    inspectorExport: kind,
    ...(unmapped.length ? { unmapped } : {}),
  };
  return foreignBundle(
    {
      title: `MCP Inspector ${KIND_LABEL[kind]} · ${name}`,
      // Only the network log names a URL; the Inspector's own name for the server is in its file name.
      connection: {
        protocol: "mcp",
        id: IMPORTED_ID,
        name,
        target,
        ...(file.server ? { inspectorServer: file.server } : {}),
        ...server,
      },
      entries,
      snapshot,
      inbox: [],
      unit: { type: "mcp-traffic", connectionId: IMPORTED_ID, scope: { kind: "all" } },
      origin: { kind: "mcp-inspector-log", ...(fileName ? { fileName } : {}) },
      exportedAt: isoOf(file.exportedAt ?? timed.at(-1)?.at),
    },
    scrubbed.masked,
  );
}

export const mcpInspectorLogFormat: BundleFormatConverter = {
  origin: "mcp-inspector-log",
  detect: (json) => logKind(json) !== null,
  convert,
};
