import type { SessionSearchHit } from "@/lib/contracts/session-search";
import { SEARCH_KINDS, type WorkbenchLocation } from "@/lib/workbench/registry";
import type { SearchKind } from "@/lib/workbench/search-kind";

/** How the session search words and opens a hit of this kind (its protocol's entry in SEARCH_KINDS). */
export function searchKindOf(hit: Pick<SessionSearchHit, "kind">): SearchKind<Partial<WorkbenchLocation>> {
  return SEARCH_KINDS[hit.kind];
}

/** Where a search row opens: the session (at the matched event), the conversation, the context or the thread. */
export function hitTarget(hit: SessionSearchHit): Partial<WorkbenchLocation> {
  return searchKindOf(hit).target(hit);
}
