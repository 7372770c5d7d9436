import type { LocationPart } from "@/lib/workbench/location-part";

/**
 * The core views' parts of the workbench URL, beside the protocols':
 *   inbox     ?view=inbox   (every protocol's human requests)
 *   bundles   ?view=bundles[&item=<imported bundle id>]   (issue 12: imported, read-only)
 *   audit     ?view=audit   (issue 25: who raised, answered, approved, edited, rejected what)
 */

/** A view with no fields of its own in the URL: it hides everything else. */
function plainView<V extends string>(view: V): LocationPart<object, V> {
  return {
    view,
    key: null,
    empty: {},
    views: [],
    read: () => ({}),
    write: () => undefined,
    normalize: () => ({}),
    open: (_from, patch) => (patch.view === view ? {} : null),
  };
}

/** The inbox. */
export const inboxLocation = plainView("inbox");

/** The audit log: its filters live in the view, not the URL. */
export const auditLocation = plainView("audit");

export interface BundlesLocation {
  /** ?item=: the open imported bundle (a peer view's item otherwise). */
  item: string | null;
}

/** Imported bundles: the patch names the bundle to open (or none for the list). */
export const bundlesLocation: LocationPart<BundlesLocation, "bundles"> = {
  view: "bundles",
  key: null,
  empty: { item: null },
  // Another imported bundle is another page to go back to.
  views: ["item"],
  read: (params) => ({ item: params.get("item") }),
  write: (l, set) => set("item", l.item),
  normalize: (l) => ({ item: l.item }),
  open: (from, patch, { leaves }) => {
    const stay = from.view === "bundles" && !leaves;
    if (patch.view !== "bundles" && !(stay && "item" in patch)) return null;
    return { item: "item" in patch ? (patch.item ?? null) : from.item };
  },
};
