/**
 * One part of the workbench's location (issue 20): the fields a protocol (or a core view such as
 * the inbox) adds to the URL, how they are read and written, and its rules for what stays open.
 * Pure. The parts are listed by lib/workbench/registry.ts and applied by lib/workbench/location.ts;
 * a part knows only its own fields, so a protocol plugs its URL in without touching the core.
 */

/** The one field the core owns: the ?view= that is open (null: a part opened by its `key` field, or nothing). */
export interface ViewField {
  view: string | null;
}

/** What the core tells a part about a patch. */
export interface PatchContext<F> {
  /** The patch leaves what is open: it names a ?view= or opens a part by its key (a server, an agent). */
  leaves: boolean;
  /** Selections remembered per place, so coming back reopens them (MCP: per server tab). */
  memory?: Map<string, Partial<F>>;
}

/** Sets one URL parameter; null and "" are left out. */
export type SetParam = (param: string, value: string | number | null) => void;

/**
 * One part. `F` is its fields (a field may be shared by parts that mean the same by it, e.g. the
 * ?item= of a peer view and of the bundles); `V` the ?view= that opens it, or null when a field of
 * its own (`key`) does.
 */
export interface LocationPart<F extends object, V extends string | null = string | null> {
  view: V;
  /** The field whose value opens this part when it has no ?view= (the agent server, the MCP server). */
  key: (keyof F & string) | null;
  /** Its fields when nothing of it is open. */
  empty: F;
  /**
   * The fields that name a view of their own (issue 22): a change of one is a new browser history
   * entry, so Back returns to it (another server, tab, session, thread). Every other field is a
   * selection inside the view (a row, an event, a tool) and replaces the current entry.
   */
  views: ReadonlyArray<keyof F & string>;
  /** Its fields from the URL. */
  read: (params: Pick<URLSearchParams, "get">) => F;
  /** Its fields to the URL, in the order the URL shows them (only the open part writes). */
  write: (l: F, set: SetParam) => void;
  /** What it keeps of a location that opens it: everything else is emptied. */
  normalize: (l: F & ViewField) => Partial<F>;
  /**
   * A patch this part takes over (it opens this part, or moves inside it): the next location's
   * fields (the core empties the others and normalizes), or null to let the next part decide.
   */
  open?: (from: F & ViewField, patch: Partial<F & ViewField>, ctx: PatchContext<F>) => Partial<F> | null;
  /** A patch no part took over: this part's rules on `next` (= from + patch), applied in place. */
  merge?: (from: F & ViewField, next: F & ViewField, patch: Partial<F & ViewField>, ctx: PatchContext<F>) => void;
  /** Before any patch: remember what the location being left has open. */
  remember?: (from: F & ViewField, memory: Map<string, Partial<F>>) => void;
}

/** The patch names this field with another value than it has. */
export function changes<F extends object, K extends keyof F>(patch: Partial<F>, location: F, key: K): boolean {
  return key in patch && patch[key] !== location[key];
}
