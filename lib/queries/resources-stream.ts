import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { appendUpdate, resourceKeys } from "@/lib/queries/resources";
import type { ResourceUpdate } from "@/lib/queries/resources";

/**
 * Applies one loupe entry of this feature to the cache; false when the kind is not ours.
 * `resource_updated`: the update joins the connection's list (the panel's "updated at" markers)
 * and a cached read of that URI is marked stale — not refetched: the user decides when to re-read.
 */
export function applyResourcesEntry(qc: QueryClient, e: Entry): boolean {
  if (e.kind !== "resource_updated") return false;
  const raw = entryPayload(e, "resource_updated");
  if (!raw) return true;
  const update: ResourceUpdate = {
    uri: raw.uri,
    at: typeof raw.at === "number" ? raw.at : e.receivedAt,
    seq: e.seq,
    subscribed: raw.subscribed !== false,
  };
  qc.setQueryData<ResourceUpdate[]>(resourceKeys.updates(e.connectionId), (list) => appendUpdate(list, update));
  void qc.invalidateQueries({ queryKey: resourceKeys.read(e.connectionId, raw.uri), exact: true, refetchType: "none" });
  return true;
}
