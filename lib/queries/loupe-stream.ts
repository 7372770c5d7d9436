import type { QueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import { applyAgentRemoved, applyAgentStatus, applyRun, applySessionInbox } from "@/lib/queries/agent-stream";
import { applyApprovalEntry } from "@/lib/queries/approvals";
import { applyAuthEntry } from "@/lib/queries/auth-stream";
import { callKeys, toolOfCallKey, upsertCall } from "@/lib/queries/calls";
import { connectionKeys, connectionScope, removeConnection, setConnectionState } from "@/lib/queries/connections";
import type { StreamPart } from "@/lib/queries/entry-handler";
import { inboxKeys, isMcpRow, type InboxRow } from "@/lib/queries/inbox";
import { isReplayFrame } from "@/lib/queries/inbox-stream";
import { applyExchangeEntry } from "@/lib/queries/network-stream";
import { applyMcpRequestEntry } from "@/lib/queries/requests-stream";
import { applyResourceUpdate } from "@/lib/queries/resources-stream";
import { applyTaskEntry } from "@/lib/queries/tasks-stream";
import { applyTrafficEntries } from "@/lib/queries/traffic";
import { toolKeys } from "@/lib/queries/tools";

/**
 * Loupe's own records (protocol "loupe": connection and agent status, calls, runs, inbox changes,
 * MCP requests, tasks, auth and network logs, approvals…): each kind's handler keeps its cache
 * current, and every entry also joins its connection's traffic.
 */
export const loupeStream: StreamPart<"loupe"> = {
  handlers: {
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
    inbox: (qc, raw, e) => {
      if (raw && !isReplayFrame(e)) applySessionInbox(qc, raw);
    },
    // Feature modules read their own kinds (a truncated preview, too: they re-fetch instead).
    mcp_request: applyMcpRequestEntry,
    resource_updated: applyResourceUpdate,
    task: applyTaskEntry,
    auth_http: (qc, _raw, e) => void applyAuthEntry(qc, e),
    auth_event: (qc, _raw, e) => void applyAuthEntry(qc, e),
    http_exchange: applyExchangeEntry,
    tool_approval: applyApprovalEntry,
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
  },
  applyEntries: applyTrafficEntries,
};

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
