import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { mergeEntries, trafficKeys } from "@/lib/queries/traffic";
import { applyAdkEntries } from "@/lib/queries/agent-stream";
import { applyPlaygroundEntries } from "@/lib/queries/playground";
import { applyEntryHandler } from "@/lib/queries/stream-handlers";
import { applyA2aEntries } from "@/lib/queries/a2a";
import { applyAguiEntries } from "@/lib/queries/agui";

/**
 * Writes a batch of stream entries into the react-query cache — the browser's only store
 * (DESIGN rule 4). Pure apart from the QueryClient it is given, so it is unit-tested directly.
 *
 * Traffic is appended only for connections whose traffic query already exists: a view that has
 * not fetched its history yet will fetch it (with these entries) when it opens, while writing a
 * partial list first would make that view believe it already had the history.
 *
 * Every entry also goes through its kind's handler (lib/queries/stream-handlers.ts: one per kind,
 * a compile error when a kind has none), which keeps the other caches current.
 */
export function applyStreamEntries(qc: QueryClient, entries: readonly Entry[]): void {
  const byConnection = new Map<string, Entry[]>();
  const adk: Entry[] = [];
  const playground: Entry[] = [];
  const a2a: Entry[] = [];
  const agui: Entry[] = [];
  for (const e of entries) {
    applyEntryHandler(qc, e);
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
    // connectionId is an AG-UI agent id, sessionKey its thread: entries feed the thread's run timeline.
    if (e.protocol === "agui") {
      agui.push(e);
      continue;
    }
    const list = byConnection.get(e.connectionId);
    if (list) list.push(e);
    else byConnection.set(e.connectionId, [e]);
  }
  for (const [id, batch] of byConnection) {
    const key = trafficKeys.list(id);
    if (!qc.getQueryState(key)) continue;
    qc.setQueryData<Entry[]>(key, (prev) => mergeEntries(prev, batch));
  }
  if (adk.length) applyAdkEntries(qc, adk);
  if (playground.length) applyPlaygroundEntries(qc, playground);
  if (a2a.length) applyA2aEntries(qc, a2a);
  if (agui.length) applyAguiEntries(qc, agui);
}
