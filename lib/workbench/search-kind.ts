import type { SessionSearchHit } from "@/lib/contracts/session-search";

/**
 * How the session search (issue 12) words and opens one kind of hit; one per SessionSearchKind,
 * listed in SEARCH_KINDS (lib/workbench/registry.ts). `T` is the location patch the hit opens.
 */
export interface SearchKind<T> {
  /** The kind as the dialog says it ("A2A context"). */
  label: string;
  /** Whether each row says its kind (not when every group of the kind already does). */
  labelInRow: boolean;
  /** The heading of the group a hit joins (hits group by kind, agent and app). */
  groupTitle: (hit: SessionSearchHit) => string;
  /** A second line under the row, or null. */
  detail: (hit: SessionSearchHit) => string | null;
  /** Where the row opens. */
  target: (hit: SessionSearchHit) => T;
}

/** The search kind of a peer view (A2A contexts, AG-UI threads): grouped by agent, opens the thread. */
export function peerSearch<V extends string>(
  view: V,
  label: string,
): SearchKind<{ view: V; peerId: string | null; thread: string; item: null }> {
  return {
    label,
    labelInRow: true,
    groupTitle: (hit) => `${label} · ${hit.agentName ?? hit.agentId}`,
    detail: () => null,
    target: (hit) => ({ view, peerId: hit.agentId ?? null, thread: hit.id, item: null }),
  };
}
