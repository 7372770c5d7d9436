/**
 * What the workbench shows, as a plain value that round-trips through the URL. Pure (no React):
 * the hook in use-workbench-location.ts reads and writes it, tests call these functions directly.
 *
 * The URL names exactly what is open and nothing else:
 *   MCP server   ?c=<id>[&tab=<tab>] + the open tab's selection: tool=<name> | r=<uri> | rt=<uri template> | p=<prompt> | seq=<traffic seq> | x=<network exchange id> | task=<task id>
 *                re-run (issue 12): …&tool=<name>&rerun=<call id> (the form for a recorded call) | &diff=<call A>~<call B> (two calls compared)
 *   ADK agent    ?a=<id>[&app=<app>][&u=<user>][&s=<session>[&e=<event id>]]
 *                compare (issue 12): …&s=<A>&vs=<B>[&vu=<B's user>] — session A beside session B of the same app
 *   inbox        ?view=inbox
 *   playground   ?view=playground[&pg=<conversation id>][&vs=<conversation to compare with>]
 *   A2A agent    ?view=a2a&peer=<agent id>[&th=<contextId>][&item=<taskId>]
 *   AG-UI agent  ?view=agui&peer=<agent id>[&th=<threadId>][&item=<runId>]
 *   bundles      ?view=bundles[&item=<imported bundle id>]   (issue 12: imported, read-only)
 */

export const CONNECTION_TABS = [
  "overview",
  "tools",
  "apps",
  "resources",
  "prompts",
  "tasks",
  "client",
  "auth",
  "network",
  "traffic",
  "conformance",
  "tap",
] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

export interface WorkbenchLocation {
  connectionId: string | null;
  tab: ConnectionTab;
  /** Tools tab: the open tool (?tool=). */
  tool: string | null;
  /** Resources tab: the open resource URI (?r=) or template (?rt=); at most one of the two. */
  resource: string | null;
  template: string | null;
  /** Prompts tab: the open prompt (?p=). */
  prompt: string | null;
  /** Traffic tab: the seq of the open row (?seq=). */
  seq: number | null;
  /** Network tab: the id of the open HTTP exchange (?x=). */
  exchange: string | null;
  /** Tasks tab: the open task (?task=). */
  task: string | null;
  /** Tools tab: the recorded call being re-run (?rerun=<call id>, issue 12). */
  rerun: string | null;
  /** Tools tab: two calls compared (?diff=<call A>~<call B>; B may be `<connection id>/<call id>`). */
  diff: string | null;
  /** ADK agent server (?a=), its app (?app=) and open session (?s=). */
  agentId: string | null;
  app: string | null;
  sessionId: string | null;
  /** ?u=: the ADK user of the open session when it is not the server's configured user. */
  userId: string | null;
  /** ?e=: the event open in the session's inspector. */
  eventId: string | null;
  /** ?view=inbox: the inbox of every interrupt; ?view=playground: the playground. */
  view: WorkbenchView | null;
  /** ?pg=: the playground conversation open (issue 10). */
  conversationId: string | null;
  /** ?peer=: the A2A or AG-UI agent open (?view=a2a / ?view=agui, issue 11). */
  peerId: string | null;
  /** ?th=: its open conversation (A2A contextId, AG-UI threadId). */
  thread: string | null;
  /** ?item=: the open task (A2A taskId) or run (AG-UI runId); with ?view=bundles, the open imported bundle. */
  item: string | null;
  /** ?vs=: the session (with ?s=) or conversation (with ?pg=) compared side by side with the open one. */
  compareWith: string | null;
  /** ?vu=: the ADK user of the ?vs= session when it is not the open session's user. */
  compareUser: string | null;
}

export const WORKBENCH_VIEWS = ["inbox", "playground", "a2a", "agui", "bundles"] as const;
export type WorkbenchView = (typeof WORKBENCH_VIEWS)[number];
const NO_PEER = { peerId: null, thread: null, item: null } as const;

export type TabSelection = Pick<
  WorkbenchLocation,
  "tool" | "resource" | "template" | "prompt" | "seq" | "exchange" | "task" | "rerun" | "diff"
>;
const NO_TAB_SELECTION: TabSelection = {
  tool: null,
  resource: null,
  template: null,
  prompt: null,
  seq: null,
  exchange: null,
  task: null,
  rerun: null,
  diff: null,
};
const NO_AGENT: Pick<WorkbenchLocation, "agentId" | "app" | "sessionId" | "userId" | "eventId"> = {
  agentId: null,
  app: null,
  sessionId: null,
  userId: null,
  eventId: null,
};

export const EMPTY_LOCATION: WorkbenchLocation = {
  connectionId: null,
  tab: "tools",
  ...NO_TAB_SELECTION,
  ...NO_AGENT,
  view: null,
  conversationId: null,
  ...NO_PEER,
  compareWith: null,
  compareUser: null,
};

/** Which selection field belongs to which tab: the others are closed while that tab is open. */
const TAB_SELECTION: Partial<Record<ConnectionTab, ReadonlyArray<keyof TabSelection>>> = {
  tools: ["tool", "rerun", "diff"],
  resources: ["resource", "template"],
  prompts: ["prompt"],
  traffic: ["seq"],
  network: ["exchange"],
  tasks: ["task"],
};

/**
 * Drops every field that does not describe what is open: the inbox hides servers and agents,
 * an agent hides servers, a server shows only its open tab's selection.
 */
export function normalizeLocation(l: WorkbenchLocation): WorkbenchLocation {
  if (l.view === "inbox") return { ...EMPTY_LOCATION, view: "inbox" };
  if (l.view === "playground") {
    const compareWith = l.conversationId ? l.compareWith : null;
    return { ...EMPTY_LOCATION, view: "playground", conversationId: l.conversationId, compareWith };
  }
  if (l.view === "bundles") return { ...EMPTY_LOCATION, view: "bundles", item: l.item };
  if (l.view === "a2a" || l.view === "agui") {
    if (!l.peerId) return { ...EMPTY_LOCATION, view: l.view };
    return { ...EMPTY_LOCATION, view: l.view, peerId: l.peerId, thread: l.thread, item: l.item };
  }
  if (l.agentId) {
    const sessionId = l.sessionId;
    // Comparing shows two sessions and no inspector: ?e= belongs to the single-session view.
    const compareWith = sessionId ? l.compareWith : null;
    const compare = { compareWith, compareUser: compareWith ? l.compareUser : null };
    const eventId = sessionId && !compareWith ? l.eventId : null;
    return { ...EMPTY_LOCATION, agentId: l.agentId, app: l.app, userId: l.userId, sessionId, eventId, ...compare };
  }
  if (!l.connectionId) return EMPTY_LOCATION;
  const kept: TabSelection = { ...NO_TAB_SELECTION };
  for (const field of TAB_SELECTION[l.tab] ?? []) (kept as Record<string, unknown>)[field] = l[field];
  if (kept.resource) kept.template = null;
  // A re-run or a comparison belongs to an open tool; the comparison wins over the form it came from.
  if (!kept.tool) Object.assign(kept, { rerun: null, diff: null });
  if (kept.diff) kept.rerun = null;
  return { ...EMPTY_LOCATION, connectionId: l.connectionId, tab: l.tab, ...kept };
}

/** Remembered selection per server tab, so Tools → Resources → Tools reopens the same tool. */
export type TabMemory = Map<string, TabSelection>;
const memoryKey = (connectionId: string, tab: ConnectionTab) => `${connectionId}\u0000${tab}`;

const changes = <K extends keyof WorkbenchLocation>(patch: Partial<WorkbenchLocation>, location: WorkbenchLocation, key: K) =>
  key in patch && patch[key] !== location[key];

/**
 * The location after a navigation. Only one thing is open at a time: opening a server closes the
 * agent or inbox and the other way round; a new server, agent, app or session starts without the
 * previous one's selection unless the patch names it.
 */
export function applyLocationPatch(location: WorkbenchLocation, patch: Partial<WorkbenchLocation>, memory?: TabMemory): WorkbenchLocation {
  const from = normalizeLocation(location);
  if (from.connectionId && memory) {
    const key = memoryKey(from.connectionId, from.tab);
    memory.delete(key); // re-inserted last: the Map's order is recency, for trimming the stored copy
    memory.set(key, pickSelection(from));
  }

  if (patch.view === "inbox") return normalizeLocation({ ...EMPTY_LOCATION, view: "inbox" });
  // Imported bundles: the patch names the bundle to open (or none for the list).
  const stayInBundles = from.view === "bundles" && patch.view === undefined && !patch.agentId && !patch.connectionId;
  if (patch.view === "bundles" || (stayInBundles && "item" in patch)) {
    return normalizeLocation({ ...EMPTY_LOCATION, view: "bundles", item: "item" in patch ? (patch.item ?? null) : from.item });
  }
  // An A2A / AG-UI agent: a new agent starts without the previous one's thread and item.
  const peerView =
    patch.view === "a2a" || patch.view === "agui"
      ? patch.view
      : patch.view === undefined && (from.view === "a2a" || from.view === "agui") && !patch.agentId && !patch.connectionId
        ? from.view
        : null;
  if (peerView) {
    const samePeer = from.view === peerView && (!("peerId" in patch) || patch.peerId === from.peerId);
    const base = samePeer ? from : { ...EMPTY_LOCATION, view: peerView, peerId: patch.peerId ?? null };
    const next = { ...base, ...patch, view: peerView };
    if (changes(patch, base, "thread") && !("item" in patch)) next.item = null;
    return normalizeLocation(next);
  }
  // The playground keeps its open conversation unless the patch names another (or none).
  const stayInPlayground = from.view === "playground" && patch.view === undefined && !patch.agentId && !patch.connectionId;
  if (patch.view === "playground" || (stayInPlayground && "conversationId" in patch)) {
    const kept = from.view === "playground" ? from.conversationId : null;
    const conversationId = "conversationId" in patch ? (patch.conversationId ?? null) : kept;
    // Another conversation starts without the previous comparison unless the patch names one.
    const keptCompare = conversationId === kept && from.view === "playground" ? from.compareWith : null;
    return normalizeLocation({
      ...EMPTY_LOCATION,
      view: "playground",
      conversationId,
      compareWith: "compareWith" in patch ? (patch.compareWith ?? null) : keptCompare,
    });
  }
  if (patch.agentId) {
    const base = patch.agentId === from.agentId ? from : { ...EMPTY_LOCATION, agentId: patch.agentId };
    const next = { ...base, view: null, connectionId: null, ...patch };
    if (changes(patch, base, "app") && !("sessionId" in patch)) next.sessionId = null;
    if (next.sessionId !== base.sessionId && !("eventId" in patch)) next.eventId = null;
    if (next.sessionId !== base.sessionId && !("compareWith" in patch)) next.compareWith = null;
    return normalizeLocation(next);
  }
  if (patch.connectionId) {
    const sameServer = patch.connectionId === from.connectionId;
    const base = sameServer ? from : { ...EMPTY_LOCATION, connectionId: patch.connectionId, tab: from.connectionId ? from.tab : "tools" };
    const next = { ...base, ...NO_AGENT, view: null, ...patch };
    if (changes(patch, base, "tool") && !("rerun" in patch) && !("diff" in patch)) Object.assign(next, { rerun: null, diff: null });
    return normalizeLocation(next);
  }
  if ("agentId" in patch || "connectionId" in patch) return normalizeLocation({ ...from, ...patch });

  const next = { ...from, ...patch };
  if (from.connectionId && changes(patch, from, "tab")) {
    const remembered = memory?.get(memoryKey(from.connectionId, next.tab)) ?? NO_TAB_SELECTION;
    Object.assign(next, remembered, pickPatched(patch));
  }
  if (changes(patch, from, "app") && !("sessionId" in patch)) next.sessionId = null;
  if (next.sessionId !== from.sessionId && !("eventId" in patch)) next.eventId = null;
  if (next.sessionId !== from.sessionId && !("compareWith" in patch)) next.compareWith = null;
  // Another tool starts without the previous tool's re-run or comparison.
  if (changes(patch, from, "tool") && !("rerun" in patch) && !("diff" in patch)) Object.assign(next, { rerun: null, diff: null });
  return normalizeLocation(next);
}

function pickSelection(l: WorkbenchLocation): TabSelection {
  const { tool, resource, template, prompt, seq, exchange, task, rerun, diff } = l;
  return { tool, resource, template, prompt, seq, exchange, task, rerun, diff };
}

function pickPatched(patch: Partial<WorkbenchLocation>): Partial<TabSelection> {
  const out: Partial<TabSelection> = {};
  for (const k of Object.keys(NO_TAB_SELECTION) as Array<keyof TabSelection>)
    if (k in patch) (out as Record<string, unknown>)[k] = patch[k];
  return out;
}

export function locationFromParams(params: Pick<URLSearchParams, "get">): WorkbenchLocation {
  const tab = params.get("tab");
  const seq = Number(params.get("seq"));
  return normalizeLocation({
    connectionId: params.get("c"),
    tab: (CONNECTION_TABS as readonly string[]).includes(tab ?? "") ? (tab as ConnectionTab) : "tools",
    tool: params.get("tool"),
    resource: params.get("r"),
    template: params.get("rt"),
    prompt: params.get("p"),
    seq: params.get("seq") !== null && Number.isSafeInteger(seq) && seq >= 0 ? seq : null,
    exchange: params.get("x"),
    task: params.get("task"),
    rerun: params.get("rerun"),
    diff: params.get("diff"),
    agentId: params.get("a"),
    app: params.get("app"),
    sessionId: params.get("s"),
    userId: params.get("u"),
    eventId: params.get("e"),
    view: (WORKBENCH_VIEWS as readonly string[]).includes(params.get("view") ?? "") ? (params.get("view") as WorkbenchView) : null,
    conversationId: params.get("pg"),
    peerId: params.get("peer"),
    thread: params.get("th"),
    item: params.get("item"),
    compareWith: params.get("vs"),
    compareUser: params.get("vu"),
  });
}

export function locationToSearch(location: WorkbenchLocation): string {
  const l = normalizeLocation(location);
  const qs = new URLSearchParams();
  const set = (key: string, value: string | number | null) => value !== null && value !== "" && qs.set(key, String(value));
  set("view", l.view);
  set("pg", l.conversationId);
  set("peer", l.peerId);
  set("th", l.thread);
  set("item", l.item);
  set("c", l.connectionId);
  if (l.connectionId && l.tab !== "tools") qs.set("tab", l.tab);
  set("tool", l.tool);
  set("r", l.resource);
  set("rt", l.template);
  set("p", l.prompt);
  set("seq", l.seq);
  set("x", l.exchange);
  set("task", l.task);
  set("rerun", l.rerun);
  set("diff", l.diff);
  set("a", l.agentId);
  set("app", l.app);
  set("u", l.userId);
  set("s", l.sessionId);
  set("e", l.eventId);
  set("vs", l.compareWith);
  set("vu", l.compareUser);
  return qs.toString();
}
