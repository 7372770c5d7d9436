import type { QueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { callKeys, toolOfCallKey, upsertCall } from "@/lib/queries/calls";
import {
  connectionKeys,
  connectionScope,
  removeConnection,
  setConnectionState,
} from "@/lib/queries/connections";
import { inboxKeys, isMcpRow } from "@/lib/queries/inbox";
import type { InboxRow } from "@/lib/queries/inbox";
import { toolKeys } from "@/lib/queries/tools";
import { mergeEntries, trafficKeys } from "@/lib/queries/traffic";
import { applyAdkEntries, applyAgentLoupeEntry } from "@/lib/queries/agent-stream";
import { applyAuthEntry } from "@/lib/queries/auth-stream";
import { applyRequestsEntry } from "@/lib/queries/requests-stream";
import { applyResourcesEntry } from "@/lib/queries/resources-stream";
import { applyTasksEntry } from "@/lib/queries/tasks-stream";
import { applyNetworkEntry } from "@/lib/queries/network-stream";
import { applyApprovalsEntry } from "@/lib/queries/approvals";
import { applyPlaygroundEntries } from "@/lib/queries/playground";
import { applyA2aEntries } from "@/lib/queries/a2a";

/** Feature modules (issue 4) that own their own loupe entry kinds; each returns true if it took one. */
const FEATURE_ENTRY_HANDLERS = [applyRequestsEntry, applyResourcesEntry, applyTasksEntry, applyAuthEntry, applyNetworkEntry, applyApprovalsEntry];

/**
 * Writes a batch of stream entries into the react-query cache — the browser's only store
 * (DESIGN rule 4). Pure apart from the QueryClient it is given, so it is unit-tested directly.
 *
 * Traffic is appended only for connections whose traffic query already exists: a view that has
 * not fetched its history yet will fetch it (with these entries) when it opens, while writing a
 * partial list first would make that view believe it already had the history.
 */
export function applyStreamEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const byConnection = new Map<string, Entry[]>();
  const adk: Entry[] = [];
  const playground: Entry[] = [];
  const a2a: Entry[] = [];
  for (const e of entries) {
    if (e.protocol === "adk") {
      adk.push(e);
      continue;
    }
    // connectionId is a conversation id here, not a connection: no traffic list to append to.
    if (e.protocol === "playground") {
      playground.push(e);
      continue;
    }
    // connectionId is an A2A agent id: its entries feed the agent's tasks, not a traffic list.
    if (e.protocol === "a2a") {
      a2a.push(e);
      continue;
    }
    const list = byConnection.get(e.connectionId);
    if (list) list.push(e);
    else byConnection.set(e.connectionId, [e]);
    if (e.protocol === "loupe") applyLoupeEntry(qc, e);
  }
  for (const [id, batch] of byConnection) {
    const key = trafficKeys.list(id);
    if (!qc.getQueryState(key)) continue;
    qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, batch));
  }
  if (adk.length) applyAdkEntries(qc, adk);
  if (playground.length) applyPlaygroundEntries(qc, playground);
  if (a2a.length) applyA2aEntries(qc, a2a);
}

function applyLoupeEntry(qc: QueryClient, e: Entry): void {
  switch (e.kind) {
    case "status": {
      const state = asState(e.raw);
      if (state) applyStatus(qc, e.connectionId, state);
      return;
    }
    case "call": {
      const call = asCall(e.raw);
      // A call entry without its result (previewed, or left out because large) updates the
      // status but never wipes a result the history already holds (the POST answer brings it).
      if (call) applyCall(qc, e.truncated || call.resultOmitted ? { ...call, resultOmitted: true } : call);
      return;
    }
    case "connection_removed": {
      const id = idOf(e.raw) ?? e.connectionId;
      qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => removeConnection(list, id));
      qc.removeQueries({ queryKey: connectionScope(id) });
      // Its sampling / elicitation requests can never be answered now; ADK rows stay.
      if (qc.getQueryState(inboxKeys.list())) {
        qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => list?.filter((row) => !(isMcpRow(row) && row.connectionId === id)));
      }
      return;
    }
    default:
      if (FEATURE_ENTRY_HANDLERS.some((apply) => apply(qc, e))) return;
      applyAgentLoupeEntry(qc, e);
  }
}

function applyStatus(qc: QueryClient, id: string, state: ConnectionState): void {
  const list = qc.getQueryData<ConnectionView[]>(connectionKeys.list());
  const previous = list?.find((c) => c.id === id)?.state;
  if (list && !previous) {
    // A connection this tab has not seen (added by another tab or at boot): re-list.
    void qc.invalidateQueries({ queryKey: connectionKeys.list() });
    return;
  }
  qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (l) => setConnectionState(l, id, state));
  if (!previous) return;
  const toolsChanged = previous.toolsVersion !== state.toolsVersion;
  // Re-list after (re)connecting too: over Streamable HTTP the list_changed sent during
  // initialisation never reaches us (mcp.md §6.5).
  const becameConnected = state.status === "connected" && previous.status !== "connected";
  if (toolsChanged || becameConnected) void qc.invalidateQueries({ queryKey: toolKeys.list(id) });
}

function applyCall(qc: QueryClient, call: CallRecord): void {
  for (const query of qc.getQueryCache().findAll({ queryKey: callKeys.all(call.connectionId) })) {
    const tool = toolOfCallKey(query.queryKey);
    if (tool !== null && tool !== call.tool) continue;
    qc.setQueryData<CallRecord[]>(query.queryKey, (list) => upsertCall(list, keepResult(list, call)));
  }
}

function keepResult(list: CallRecord[] | undefined, call: CallRecord): CallRecord {
  const known = list?.find((c) => c.id === call.id);
  // Large arguments are left out of call entries: keep the ones the history already holds.
  const withArgs =
    call.argsOmitted && known && !known.argsOmitted ? { ...call, args: known.args, argsOmitted: false } : call;
  if (!withArgs.resultOmitted) return withArgs;
  return known?.result !== undefined ? { ...withArgs, result: known.result, resultOmitted: false } : withArgs;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function asState(raw: unknown): ConnectionState | null {
  if (!isObject(raw) || typeof raw.status !== "string") return null;
  return {
    ...raw,
    stderrTail: Array.isArray(raw.stderrTail) ? raw.stderrTail : [],
    toolsVersion: typeof raw.toolsVersion === "number" ? raw.toolsVersion : 0,
  } as ConnectionState;
}

function asCall(raw: unknown): CallRecord | null {
  if (!isObject(raw)) return null;
  const ok =
    typeof raw.id === "string" &&
    typeof raw.connectionId === "string" &&
    typeof raw.tool === "string" &&
    typeof raw.status === "string" &&
    typeof raw.startedAt === "number";
  if (!ok) return null;
  // A preview (an entry over 64 KB) drops fields over 1 KB, `args` among them.
  return isObject(raw.args) ? (raw as unknown as CallRecord) : ({ ...raw, args: {}, argsOmitted: true } as unknown as CallRecord);
}

function idOf(raw: unknown): string | null {
  return isObject(raw) && typeof raw.id === "string" ? raw.id : null;
}
