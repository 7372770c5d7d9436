import type { QueryClient } from "@tanstack/react-query";
import type { AgentServerView, InboxItem, RunRecord } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import { parseAdkSessionKey } from "@/lib/contracts/agents";
import type { Entry } from "@/lib/contracts/entries";
import { agentKeys, agentScope, appendLive, removeAgent, upsertAgent, upsertRun } from "@/lib/queries/agents";
import { inboxKeys, removeAgentItems, replaceSessionItems } from "@/lib/queries/inbox";
import type { StreamPart } from "@/lib/queries/entry-handler";

/**
 * The ADK half of the stream reducer (adkStream below, listed in lib/queries/protocols.ts).
 *
 * `adk/*` entries are appended to their session's live cache only while that cache exists,
 * i.e. while a session view has it (or recently had it) open: a view opened later reads the
 * stored session instead, which already holds those events.
 */
export function applyAdkEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const bySession = new Map<string, { agentId: string; sessionKey: string; batch: Entry[] }>();
  for (const e of entries) {
    if (!e.sessionKey) continue;
    const id = `${e.connectionId}\u0000${e.sessionKey}`;
    const group = bySession.get(id);
    if (group) group.batch.push(e);
    else bySession.set(id, { agentId: e.connectionId, sessionKey: e.sessionKey, batch: [e] });
  }
  for (const { agentId, sessionKey, batch } of bySession.values()) {
    const key = agentKeys.live(agentId, sessionKey);
    if (!qc.getQueryState(key)) continue;
    qc.setQueryData<Entry[]>(key, (prev) => appendLive(prev, batch));
  }
}

/** loupe/agent_status (the stream reducer's handler table calls in here for each agent kind). */
export function applyAgentStatus(qc: QueryClient, raw: AgentServerView): void {
  // Older records may lack the app list; the views map over it.
  const view: AgentServerView = Array.isArray(raw.state.apps) ? raw : { ...raw, state: { ...raw.state, apps: [] } };
  const list = qc.getQueryData<AgentServerView[]>(agentKeys.list());
  const previous = list?.find((a) => a.id === view.id);
  qc.setQueryData<AgentServerView[]>(agentKeys.list(), (l) => upsertAgent(l, view));
  // New apps or a server back up: the session lists under it may have changed.
  if (previous && previous.state.status !== view.state.status) {
    void qc.invalidateQueries({ queryKey: agentKeys.sessionsOf(view.id) });
  }
}

/** loupe/agent_removed: the server and everything cached under it go. */
export function applyAgentRemoved(qc: QueryClient, id: string): void {
  qc.setQueryData<AgentServerView[]>(agentKeys.list(), (l) => removeAgent(l, id));
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (l) => removeAgentItems(l, id));
  qc.removeQueries({ queryKey: agentScope(id) });
}

/** loupe/inbox: the interrupts of one session, whole, replace that session's rows. */
export function applySessionInbox(qc: QueryClient, raw: { agentId: string; sessionKey: string; items: InboxItem[] }): void {
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (l) => replaceSessionItems(l, raw.agentId, raw.sessionKey, raw.items));
}

/** loupe/run. */
export function applyRun(qc: QueryClient, run: RunRecord): void {
  const runsKey = agentKeys.runs(run.agentId, run.sessionKey);
  if (qc.getQueryState(runsKey)) qc.setQueryData<RunRecord[]>(runsKey, (l) => upsertRun(l, run));
  if (run.status === "running") return;
  // The run is over: the server's stored session now has the final events (and maybe new
  // artifacts); re-read them so the timeline is rebuilt from the record, not from partials.
  void qc.invalidateQueries({ queryKey: agentKeys.stored(run.agentId, run.sessionKey) });
  void qc.invalidateQueries({ queryKey: agentKeys.artifacts(run.agentId, run.sessionKey) });
  const ref = parseAdkSessionKey(run.sessionKey);
  if (ref) void qc.invalidateQueries({ queryKey: agentKeys.sessions(run.agentId, ref.appName, ref.userId) });
}

/** ADK's part of the stream reducer: its frames join the session's live events (applyAdkEntries). */
export const adkStream: StreamPart<"adk"> = {
  handlers: { event: null, stream_error: null, malformed: null, user_message: null },
  applyEntries: applyAdkEntries,
};
