import "server-only";
import type { Direction, Entry } from "@/lib/contracts/entries";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import type { playgroundEntryKinds } from "@/lib/contracts/entry-kinds/playground";
import type { Hub } from "@/lib/server/hub";

/** Records one playground entry (protocol "playground", connectionId = conversation, sessionKey = column). */
export function recordPg<K extends keyof typeof playgroundEntryKinds>(
  hub: Hub,
  conversationId: string,
  columnId: string | null,
  kind: K,
  raw: EntryPayload<K>,
  direction: Direction = "local",
): Entry {
  return hub.record<K>({
    connectionId: conversationId,
    sessionKey: columnId,
    receivedAt: Date.now(),
    sourceTime: null,
    direction,
    protocol: "playground",
    kind,
    raw,
  });
}

/** A column's entries of the kinds its history is built from, ascending (whole raws). */
export function columnHistoryEntries(hub: Hub, conversationId: string, columnId: string): Entry[] {
  const kinds = ["pg_user", "pg_model_response", "pg_tool_call"];
  return hub.store
    .connectionEntriesOfKinds(conversationId, kinds, undefined, 1_000_000)
    .filter((e) => e.sessionKey === columnId && e.protocol === "playground");
}
