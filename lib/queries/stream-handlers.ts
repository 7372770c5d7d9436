import type { QueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { ENTRY_KIND_PROTOCOL, isEntryKind, parseEntry } from "@/lib/contracts/entry-kinds";
import type { EntryKind, EntryPayload } from "@/lib/contracts/entry-kinds";
import { applyAgentRemoved, applyAgentStatus, applyRun, applySessionInbox } from "@/lib/queries/agent-stream";
import { applyApprovalsEntry } from "@/lib/queries/approvals";
import { applyAuthEntry } from "@/lib/queries/auth-stream";
import { callKeys, toolOfCallKey, upsertCall } from "@/lib/queries/calls";
import { connectionKeys, connectionScope, removeConnection, setConnectionState } from "@/lib/queries/connections";
import { inboxKeys, isMcpRow } from "@/lib/queries/inbox";
import { applyA2aRequestEntry, applyAguiRequestEntry } from "@/lib/queries/inbox-stream";
import type { InboxRow } from "@/lib/queries/inbox";
import { applyNetworkEntry } from "@/lib/queries/network-stream";
import { applyColumnRecord, applyConversationRecord } from "@/lib/queries/playground";
import { applyRequestsEntry } from "@/lib/queries/requests-stream";
import { applyResourcesEntry } from "@/lib/queries/resources-stream";
import { applyTasksEntry } from "@/lib/queries/tasks-stream";
import { toolKeys } from "@/lib/queries/tools";

/**
 * What the stream reducer does with one entry of kind K, besides the list it joins (traffic, a
 * session's live events, a conversation's entries: lib/queries/stream-reducer.ts). `raw` is the
 * payload read through the kind's schema, or null when it does not fit (a preview that lost a
 * field, another version's shape): the entry is still kept and shown raw.
 */
export type EntryHandler<K extends EntryKind> = (qc: QueryClient, raw: EntryPayload<K> | null, e: Entry) => void;

/**
 * One row per entry kind: a new kind in lib/contracts/entry-kinds does not compile until it is
 * given a handler here, or `null` (it only joins its list, or a protocol's own batch reducer —
 * applyA2aEntries, applyAguiEntries — takes it).
 */
export const ENTRY_HANDLERS: { [K in EntryKind]: EntryHandler<K> | null } = {
  // mcp: frames join the connection's traffic.
  message: null,
  stderr: null,
  transport_error: null,
  unparsed: null,
  // adk: frames join the session's live events (applyAdkEntries).
  event: null,
  stream_error: null,
  malformed: null,
  user_message: null,
  // loupe
  status: (qc, state, e) => {
    if (state) applyStatus(qc, e.connectionId, withStateDefaults(state));
  },
  call: (qc, call, e) => {
    if (!call) return;
    // A preview (an entry over 64 KB) drops fields over 1 KB, `args` among them.
    const args: unknown = call.args;
    const hasArgs = typeof args === "object" && args !== null && !Array.isArray(args);
    const whole = hasArgs ? call : { ...call, args: {}, argsOmitted: true };
    // A call entry without its result (previewed, or left out because large) updates the
    // status but never wipes a result the history already holds (the POST answer brings it).
    applyCall(qc, e.truncated || whole.resultOmitted ? { ...whole, resultOmitted: true } : whole);
  },
  connection_removed: (qc, raw, e) => removeConnectionData(qc, raw?.id ?? e.connectionId),
  transport_fallback: null,
  era_fallback: null,
  agent_status: (qc, view) => {
    if (view) applyAgentStatus(qc, view);
  },
  agent_removed: (qc, raw, e) => applyAgentRemoved(qc, raw?.id ?? e.connectionId),
  run: (qc, run) => {
    if (run) applyRun(qc, run);
  },
  inbox: (qc, raw) => {
    if (raw) applySessionInbox(qc, raw);
  },
  // Feature modules read their own kinds (a truncated preview, too: they re-fetch instead).
  mcp_request: (qc, _raw, e) => void applyRequestsEntry(qc, e),
  resource_updated: (qc, _raw, e) => void applyResourcesEntry(qc, e),
  task: (qc, _raw, e) => void applyTasksEntry(qc, e),
  auth_http: (qc, _raw, e) => void applyAuthEntry(qc, e),
  auth_event: (qc, _raw, e) => void applyAuthEntry(qc, e),
  http_exchange: (qc, _raw, e) => void applyNetworkEntry(qc, e),
  tool_approval: (qc, _raw, e) => void applyApprovalsEntry(qc, e),
  session_reset: null,
  stream_resumed: null,
  sse_event_dropped: null,
  reconnect_scheduled: null,
  reconnect_stopped: null,
  reconnected: null,
  subscriptions_restored: null,
  listen: null,
  app_message: null,
  tap_forward: null,
  tap_exchange: null,
  // playground: entries join the conversation's list (applyPlaygroundEntries); these two also
  // keep the conversation list current.
  pg_user: null,
  pg_model_request: null,
  pg_model_stream: null,
  pg_model_response: null,
  pg_tool_call: null,
  pg_turn: null,
  pg_column: (qc, raw, e) => {
    if (raw) applyColumnRecord(qc, e.connectionId, raw);
  },
  pg_conversation: (qc, raw) => {
    if (raw) applyConversationRecord(qc, raw);
  },
  pg_sampling_draft: null,
  // a2a and agui: their protocols' batch reducers take them.
  a2a_request: null,
  a2a_frame: null,
  a2a_malformed: null,
  a2a_stream: null,
  a2a_push: null,
  a2a_card: null,
  // Human requests: inbox rows (lib/queries/inbox-stream.ts), as mcp_request and tool_approval.
  a2a_request_state: applyA2aRequestEntry,
  agui_input: null,
  agui_event: null,
  agui_malformed: null,
  agui_run: null,
  agui_request: applyAguiRequestEntry,
};

/**
 * Runs the handler of one entry's kind. An unknown kind (another version of Loupe) or a known kind
 * under another protocol is left to the lists, which show it raw.
 */
export function applyEntryHandler(qc: QueryClient, e: Entry): void {
  if (!isEntryKind(e.kind) || e.protocol !== ENTRY_KIND_PROTOCOL[e.kind]) return;
  const handler: EntryHandler<EntryKind> | null = ENTRY_HANDLERS[e.kind];
  if (!handler) return;
  const read = parseEntry(e);
  handler(qc, read.ok ? read.raw : null, e);
}

/** Older records may lack the stderr tail or the tools version; the views read both. */
function withStateDefaults(state: ConnectionState): ConnectionState {
  return {
    ...state,
    stderrTail: Array.isArray(state.stderrTail) ? state.stderrTail : [],
    toolsVersion: typeof state.toolsVersion === "number" ? state.toolsVersion : 0,
  };
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
  const withArgs = call.argsOmitted && known && !known.argsOmitted ? { ...call, args: known.args, argsOmitted: false } : call;
  if (!withArgs.resultOmitted) return withArgs;
  return known?.result !== undefined ? { ...withArgs, result: known.result, resultOmitted: false } : withArgs;
}

function removeConnectionData(qc: QueryClient, id: string): void {
  qc.setQueryData<ConnectionView[]>(connectionKeys.list(), (list) => removeConnection(list, id));
  qc.removeQueries({ queryKey: connectionScope(id) });
  // Its sampling / elicitation requests can never be answered now; ADK rows stay.
  if (qc.getQueryState(inboxKeys.list())) {
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), (list) => list?.filter((row) => !(isMcpRow(row) && row.connectionId === id)));
  }
}
