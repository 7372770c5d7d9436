import type { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";

/** Applies one loupe entry of this feature to the cache; false when the kind is not ours. */
export function applyResourcesEntry(_qc: QueryClient, _e: Entry): boolean {
  return false;
}
