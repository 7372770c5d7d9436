import "server-only";
import type { BundleConnection, BundleEntry, BundleUnitRefOf } from "@/lib/contracts/bundle";
import { mcpTrafficSnapshotSchema, type McpTrafficSnapshot } from "@/lib/contracts/bundle-snapshots";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionConfig, ConnectionView } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpTrafficScope } from "@/lib/contracts/mcp-traffic";
import { AppError } from "@/lib/errors";
import { plural } from "@/lib/format";
import { getApprovals } from "@/lib/server/approvals";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { maskConfig } from "@/lib/server/secrets";
import type { Store } from "@/lib/server/store";
import type { EntryRow } from "@/lib/server/store-schema";
import { bundleEntryOf } from "@/lib/server/bundles/entries";
import { savedSecrets } from "@/lib/server/bundles/secrets";
import type { BundleParts, BundleUnit } from "@/lib/server/bundles/units/types";
import { query } from "@/lib/server/rows";
import { isRecord } from "@/lib/values";

type Ref = BundleUnitRefOf<"mcp-traffic">;

/** A tools/call request and its call record are this far apart at most (the record is written just before the send). */
const CALL_MATCH_MS = 60_000;

/**
 * Every entry recorded under the connection id (JSON-RPC frames, stderr, transport errors, HTTP
 * and tap exchanges, app messages, Loupe's own records), whole, in seq order, narrowed by the scope.
 * Read straight from the table: the hub's lists carry 64 KB previews, a bundle carries the raw.
 */
export function scopedEntries(store: Store, connectionId: string, scope: McpTrafficScope): BundleEntry[] {
  const rows =
    scope.kind === "all"
      ? query<EntryRow>(store, "SELECT * FROM entries WHERE connection_id = ? ORDER BY seq").all(connectionId)
      : scope.kind === "range"
        ? query<EntryRow>(store, "SELECT * FROM entries WHERE connection_id = ? AND received_at BETWEEN ? AND ? ORDER BY seq").all(
            connectionId,
            scope.from,
            scope.to,
          )
        : // json_each: one statement whatever the number of seqs (up to the scope's 100,000). Its values
          // are text on PostgreSQL: cast, or seq (BIGINT) = text is refused there.
          query<EntryRow>(
            store,
            "SELECT * FROM entries WHERE connection_id = ? AND seq IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY seq",
          ).all(connectionId, JSON.stringify(scope.seqs));
  return rows.map(bundleEntryOf);
}

interface CallHead {
  id: string;
  startedAt: number;
  requestId: string | number | null;
}

/**
 * Each call's JSON-RPC id as JSON text (json_quote): PostgreSQL's json_extract gives text for a
 * number, and the id 5 is not the id "5". Snake-case names: PostgreSQL folds an unquoted alias.
 */
function callHeads(store: Store, connectionId: string): CallHead[] {
  return query<{ id: string; started_at: number; request_id: string | null }>(
    store,
    "SELECT id, started_at, json_quote(json_extract(record, '$.requestId')) AS request_id FROM calls WHERE connection_id = ? ORDER BY started_at, rowid",
  )
    .all(connectionId)
    .map((row) => ({ id: row.id, startedAt: Number(row.started_at), requestId: jsonRpcId(row.request_id) }));
}

function jsonRpcId(json: string | null): string | number | null {
  const id: unknown = json === null ? null : JSON.parse(json);
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** A tools/call request Loupe sent, among the entries: its JSON-RPC id and when it went out. */
function toolsCallRequest(entry: BundleEntry): { id: string | number; at: number } | null {
  if (entry.kind !== "message" || entry.direction !== "out") return null;
  const raw = entry.raw;
  if (!isRecord(raw) || raw.method !== "tools/call" || (typeof raw.id !== "string" && typeof raw.id !== "number")) return null;
  return { id: raw.id, at: entry.receivedAt };
}

/**
 * The call records of the entries in scope: those a `call` entry in scope names, every call of
 * the connection (all) or started in the range (range), and for a selection the call whose
 * tools/call request was selected (same JSON-RPC id, the nearest in time: ids restart per session).
 */
export function scopedCalls(store: Store, connectionId: string, scope: McpTrafficScope, entries: BundleEntry[]): CallRecord[] {
  const heads = callHeads(store, connectionId);
  const ids = new Set<string>();
  for (const e of entries) {
    const id = e.kind === "call" && isRecord(e.raw) ? e.raw.id : undefined;
    if (typeof id === "string") ids.add(id);
  }
  if (scope.kind === "all") for (const h of heads) ids.add(h.id);
  if (scope.kind === "range") for (const h of heads) if (h.startedAt >= scope.from && h.startedAt <= scope.to) ids.add(h.id);
  if (scope.kind === "selection") {
    for (const e of entries) {
      const request = toolsCallRequest(e);
      if (!request) continue;
      const near = heads
        .filter((h) => h.requestId === request.id && Math.abs(h.startedAt - request.at) <= CALL_MATCH_MS)
        .sort((a, b) => Math.abs(a.startedAt - request.at) - Math.abs(b.startedAt - request.at))[0];
      if (near) ids.add(near.id);
    }
  }
  const calls = [...ids].map((id) => getRegistry().findCall(connectionId, id)).filter((c): c is CallRecord => c !== undefined);
  return calls.sort((a, b) => a.startedAt - b.startedAt);
}

function targetOf(config: ConnectionConfig): string {
  return config.transport === "stdio" ? [config.command, ...config.args].join(" ") : config.url;
}

/** The connection as GET /api/connections/:id shows it (secrets masked), with what the session negotiated. */
function connectionPart(view: ConnectionView | undefined, config: ConnectionConfig | undefined, connectionId: string): BundleConnection {
  if (!config) return { protocol: "mcp", id: connectionId, name: connectionId };
  const masked = maskConfig(config);
  const state = view?.state;
  return {
    protocol: "mcp",
    id: config.id,
    name: config.name,
    target: targetOf(masked),
    transport: config.transport,
    config: masked,
    ...(state?.transportUsed ? { transportUsed: state.transportUsed } : {}),
    ...(state?.era ? { era: state.era } : {}),
    ...(state?.serverInfo ? { serverInfo: state.serverInfo } : {}),
    ...(state?.protocolVersion ? { protocolVersion: state.protocolVersion } : {}),
    ...(state?.capabilities ? { capabilities: state.capabilities } : {}),
    ...(state?.instructions ? { instructions: state.instructions } : {}),
  };
}

/** The connection's server → client requests (sampling, elicitation, MRTR rounds) and tool approvals, answers included. */
function inboxOf(store: Store, connectionId: string): InboxRow[] {
  const requests = getClientRequests()
    .list({ connectionId, store })
    .map((r) => ({ ...r, source: "mcp" as const }));
  const approvals = getApprovals()
    .list()
    .filter((a) => a.connectionId === connectionId)
    .map((a) => ({ ...a, source: "approval" as const }));
  return [...requests, ...approvals];
}

function scopeTitle(scope: McpTrafficScope): string {
  switch (scope.kind) {
    case "all":
      return "all traffic";
    case "range":
      return `${new Date(scope.from).toISOString()} – ${new Date(scope.to).toISOString()}`;
    case "selection":
      return plural(scope.seqs.length, "selected entry", "selected entries");
  }
}

export const mcpTrafficUnit: BundleUnit<"mcp-traffic"> = {
  type: "mcp-traffic",
  snapshotSchema: mcpTrafficSnapshotSchema,

  async export(ref: Ref): Promise<BundleParts> {
    const registry = getRegistry();
    const store = registry.hub.store;
    const config = registry.table.get(ref.connectionId);
    const entries = scopedEntries(store, ref.connectionId, ref.scope);
    // A deleted connection whose traffic is still kept (retention) can be exported; nothing at all cannot.
    if (!config && entries.length === 0) {
      throw new AppError("not_found:bundle_unit", `No MCP connection "${ref.connectionId}" and no traffic recorded under that id`);
    }
    const connection = connectionPart(registry.get(ref.connectionId), config, ref.connectionId);
    const snapshot: McpTrafficSnapshot = { scope: ref.scope, calls: scopedCalls(store, ref.connectionId, ref.scope, entries) };
    return {
      title: `MCP traffic · ${connection.name} · ${scopeTitle(ref.scope)}`,
      connection,
      entries,
      snapshot,
      inbox: inboxOf(store, ref.connectionId),
    };
  },

  secretValues(ref: Ref): string[] {
    const config = getRegistry().table.get(ref.connectionId);
    const values: (string | undefined)[] = [];
    if (config?.transport === "stdio") values.push(...savedSecrets(config.env));
    if (config && config.transport !== "stdio")
      values.push(...savedSecrets(config.headers), config.oauth?.clientSecret, config.oauth?.privateKey);
    values.push(...getRegistry().oauthSecrets(ref.connectionId));
    return values.filter((v): v is string => typeof v === "string" && v.length > 0);
  },
};
