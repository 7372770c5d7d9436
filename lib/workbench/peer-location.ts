import { changes, type LocationPart } from "@/lib/workbench/location-part";

/**
 * The URL of a peer protocol's view (issue 11): a saved agent, one of its conversations and one
 * item in it, under the protocol's own ?view=:
 *   ?view=<view>&peer=<agent id>[&th=<conversation>][&item=<item>]
 * (A2A: contextId and taskId; AG-UI: threadId and runId.)
 */
export interface PeerLocation {
  /** ?peer=: the agent open. */
  peerId: string | null;
  /** ?th=: its open conversation. */
  thread: string | null;
  /** ?item=: the open item of the conversation (with ?view=bundles, the open imported bundle). */
  item: string | null;
}

const NO_PEER: PeerLocation = { peerId: null, thread: null, item: null };

/** The location part of a peer view: a new agent starts without the previous one's thread and item. */
export function peerLocation<V extends string>(view: V): LocationPart<PeerLocation, V> {
  return {
    view,
    key: null,
    empty: NO_PEER,
    // Another agent or conversation is a view; the item (a task, a run) is a selection inside it.
    views: ["peerId", "thread"],
    read: (params) => ({ peerId: params.get("peer"), thread: params.get("th"), item: params.get("item") }),
    write: (l, set) => {
      set("peer", l.peerId);
      set("th", l.thread);
      set("item", l.item);
    },
    normalize: (l) => (l.peerId ? { peerId: l.peerId, thread: l.thread, item: l.item } : {}),
    open: (from, patch, { leaves }) => {
      if (patch.view !== view && !(from.view === view && !leaves)) return null;
      const samePeer = from.view === view && (!("peerId" in patch) || patch.peerId === from.peerId);
      const base = samePeer ? from : { ...NO_PEER, peerId: patch.peerId ?? null };
      const next = { ...base, ...patch };
      if (changes(patch, base, "thread") && !("item" in patch)) next.item = null;
      return next;
    },
  };
}

/** The address of one item of a peer view (an A2A task, an AG-UI run), for a link. */
export function peerHref(view: string, peer: string, thread: string, item: string): string {
  return `/?${new URLSearchParams({ view, peer, th: thread, item }).toString()}`;
}
