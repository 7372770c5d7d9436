import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { EntryHandler } from "@/lib/queries/entry-handler";
import { appendUpdate, resourceKeys } from "@/lib/queries/resources";
import type { ResourceUpdate } from "@/lib/queries/resources";

/**
 * `resource_updated`: the update joins the connection's list (the panel's "updated at" markers)
 * and a cached read of that URI is marked stale — not refetched: the user decides when to re-read.
 */
export const applyResourceUpdate: EntryHandler<"resource_updated"> = (qc, raw, e) => {
  if (!raw) return;
  const update: ResourceUpdate = {
    uri: raw.uri,
    at: typeof raw.at === "number" ? raw.at : e.receivedAt,
    seq: e.seq,
    subscribed: raw.subscribed !== false,
  };
  qc.setQueryData<ResourceUpdate[]>(resourceKeys.updates(e.connectionId), (list) => appendUpdate(list, update));
  void qc.invalidateQueries({ queryKey: resourceKeys.read(e.connectionId, raw.uri), exact: true, refetchType: "none" });
};

/** The same for an entry of any kind, read here; false when the kind is not ours. */
export function applyResourcesEntry(qc: QueryClient, e: Entry): boolean {
  if (e.kind !== "resource_updated") return false;
  applyResourceUpdate(qc, entryPayload(e, "resource_updated"), e);
  return true;
}
