import type { LocationPart } from "@/lib/workbench/location-part";
import type { SearchKind } from "@/lib/workbench/search-kind";

/**
 * The playground's part of the workbench URL (issue 10):
 *   ?view=playground[&pg=<conversation id>][&vs=<conversation to compare with>]
 */
export interface PlaygroundLocation {
  /** ?pg=: the open conversation. */
  conversationId: string | null;
  /** ?vs=: the conversation compared side by side with it (ADK uses it for a session). */
  compareWith: string | null;
}

export const playgroundLocation: LocationPart<PlaygroundLocation, "playground"> = {
  view: "playground",
  key: null,
  empty: { conversationId: null, compareWith: null },
  views: ["conversationId", "compareWith"],
  read: (params) => ({ conversationId: params.get("pg"), compareWith: params.get("vs") }),
  write: (l, set) => {
    set("pg", l.conversationId);
    set("vs", l.compareWith);
  },
  normalize: (l) => ({ conversationId: l.conversationId, compareWith: l.conversationId ? l.compareWith : null }),
  // The playground keeps its open conversation unless the patch names another (or none).
  open: (from, patch, { leaves }) => {
    const inPlayground = from.view === "playground";
    if (patch.view !== "playground" && !(inPlayground && !leaves && "conversationId" in patch)) return null;
    const kept = inPlayground ? from.conversationId : null;
    const conversationId = "conversationId" in patch ? (patch.conversationId ?? null) : kept;
    // Another conversation starts without the previous comparison unless the patch names one.
    const keptCompare = conversationId === kept && inPlayground ? from.compareWith : null;
    return { conversationId, compareWith: "compareWith" in patch ? (patch.compareWith ?? null) : keptCompare };
  },
};

/** A found playground conversation: all in one group; opens the conversation. */
export const playgroundSearch: SearchKind<{ view: "playground"; conversationId: string }> = {
  label: "Playground",
  labelInRow: true,
  groupTitle: () => "Playground",
  detail: () => null,
  target: (hit) => ({ view: "playground", conversationId: hit.id }),
};
