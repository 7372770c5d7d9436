import { EMPTY_LOCATION, LOCATION_PARTS, type WorkbenchLocation, type WorkbenchView } from "@/lib/workbench/registry";
import type { SetParam } from "@/lib/workbench/location-part";

export { EMPTY_LOCATION, type WorkbenchLocation, type WorkbenchView };

/**
 * What the workbench shows, as a plain value that round-trips through the URL. Pure (no React):
 * the hook in hooks/use-workbench-location.ts reads and writes it, tests call these functions
 * directly. The URL names exactly what is open and nothing else: one ?view= (the inbox, the
 * playground, a peer view, the imported bundles) or one agent server (?a=) or one MCP server (?c=),
 * with that place's own selection. Each place's fields and rules are its part
 * (lib/workbench/location-part.ts), listed in LOCATION_PARTS (lib/workbench/registry.ts); this
 * core only composes them.
 */

type Part = (typeof LOCATION_PARTS)[number];

export const WORKBENCH_VIEWS: readonly WorkbenchView[] = LOCATION_PARTS.flatMap((p) => (p.view === null ? [] : [p.view]));

/** Remembered selections per place (a server's tab), so coming back reopens them. */
export type TabMemory = Map<string, Partial<WorkbenchLocation>>;

const isView = (view: string | null): view is WorkbenchView => WORKBENCH_VIEWS.some((v) => v === view);

/** The part a location opens: its ?view=, else the first part whose key field is set. */
function openPart(l: WorkbenchLocation): Part | null {
  return LOCATION_PARTS.find((p) => (p.view !== null ? l.view === p.view : p.key !== null && Boolean(l[p.key]))) ?? null;
}

/** Drops every field that does not describe what is open (the open part's own rules decide what it keeps). */
export function normalizeLocation(l: WorkbenchLocation): WorkbenchLocation {
  const part = openPart(l);
  return part ? { ...EMPTY_LOCATION, ...part.normalize(l), view: part.view } : EMPTY_LOCATION;
}

/**
 * The location after a navigation. Only one thing is open at a time: opening a server closes the
 * agent or inbox and the other way round; a new server, agent, app or session starts without the
 * previous one's selection unless the patch names it.
 */
export function applyLocationPatch(location: WorkbenchLocation, patch: Partial<WorkbenchLocation>, memory?: TabMemory): WorkbenchLocation {
  const from = normalizeLocation(location);
  if (memory) for (const part of LOCATION_PARTS) part.remember?.(from, memory);

  const leaves = patch.view !== undefined || LOCATION_PARTS.some((p) => p.key !== null && Boolean(patch[p.key]));
  const ctx = { leaves, memory };
  for (const part of LOCATION_PARTS) {
    const fields = part.open?.(from, patch, ctx);
    if (fields) return normalizeLocation({ ...EMPTY_LOCATION, ...fields, view: part.view });
  }
  // Closing an agent or a server (its key set to null) leaves nothing of it open.
  if (LOCATION_PARTS.some((p) => p.key !== null && p.key in patch)) return normalizeLocation({ ...from, ...patch });

  // Moving inside what is open.
  const next = { ...from, ...patch };
  for (const part of LOCATION_PARTS) part.merge?.(from, next, patch, ctx);
  return normalizeLocation(next);
}

export function locationFromParams(params: Pick<URLSearchParams, "get">): WorkbenchLocation {
  const view = params.get("view");
  let l: WorkbenchLocation = { ...EMPTY_LOCATION, view: isView(view) ? view : null };
  for (const part of LOCATION_PARTS) l = { ...l, ...part.read(params) };
  return normalizeLocation(l);
}

export function locationToSearch(location: WorkbenchLocation): string {
  const l = normalizeLocation(location);
  const qs = new URLSearchParams();
  const set: SetParam = (key, value) => {
    if (value !== null && value !== "") qs.set(key, String(value));
  };
  set("view", l.view);
  openPart(l)?.write(l, set);
  return qs.toString();
}

/** How a navigation enters the browser's history: a new entry (Back returns) or in place of the current one. */
export type HistoryMode = "push" | "replace";

/** What a location shows as a view: its open part and that part's view fields (LocationPart.views). */
function viewOf(l: WorkbenchLocation): unknown[] | null {
  const part = openPart(l);
  if (!part) return null;
  const fields: ReadonlyArray<keyof WorkbenchLocation> = part.views;
  return [part.view ?? part.key, ...fields.map((f) => l[f])];
}

/**
 * Push or replace (issue 22: Back and Forward move through Loupe's own views). Another view — a
 * server or agent, a tab, the inbox, a session or thread, another pane — is a new entry; a
 * selection inside the same view (a row, an event, a tool) replaces, so history is not flooded.
 * Leaving "nothing open" replaces too: that first move is the landing, and Back from the first
 * view must leave Loupe rather than land on an empty page that opens the same view again.
 */
export function historyMode(from: WorkbenchLocation, to: WorkbenchLocation): HistoryMode {
  const before = viewOf(normalizeLocation(from));
  const after = viewOf(normalizeLocation(to));
  if (before === null || after === null) return "replace";
  return before.length === after.length && before.every((v, i) => v === after[i]) ? "replace" : "push";
}
