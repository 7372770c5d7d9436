import type { ConnectionView } from "@/lib/contracts/connections";
import type { McpRequestKind } from "@/lib/contracts/mcp-requests";
import { toolKey } from "@/lib/protocols/mcp/tool-listing";
import type { Tool } from "@/lib/queries/tools";
import { isRecord } from "@/lib/values";
import { inboxText, type RowOf } from "@/lib/workbench/inbox-text";
import { changes, type LocationPart } from "@/lib/workbench/location-part";
import type { PaletteItem } from "@/lib/workbench/palette";

/**
 * MCP's part of the workbench URL:
 *   ?c=<id>[&tab=<tab>] + the open tab's selection: tool=<name> | r=<uri> | rt=<uri template> | p=<prompt> | seq=<traffic seq> | x=<network exchange id> | task=<task id>
 *   re-run (issue 12): …&tool=<name>&rerun=<call id> (the form for a recorded call) | &diff=<call A>~<call B> (two calls compared)
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
  "surface",
  "tap",
] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

/** What an open tab has selected; only the open tab's fields are kept. */
export interface TabSelection {
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
}

export interface McpLocation extends TabSelection {
  /** The open MCP server (?c=). */
  connectionId: string | null;
  tab: ConnectionTab;
}

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
const SELECTION_FIELDS: ReadonlyArray<keyof TabSelection> = [
  "tool",
  "resource",
  "template",
  "prompt",
  "seq",
  "exchange",
  "task",
  "rerun",
  "diff",
];

/** Which selection field belongs to which tab: the others are closed while that tab is open. */
const TAB_SELECTION: Partial<Record<ConnectionTab, ReadonlyArray<keyof TabSelection>>> = {
  tools: ["tool", "rerun", "diff"],
  resources: ["resource", "template"],
  prompts: ["prompt"],
  traffic: ["seq"],
  network: ["exchange"],
  tasks: ["task"],
};

const isTab = (tab: string | null): tab is ConnectionTab => CONNECTION_TABS.some((t) => t === tab);
const memoryKey = (connectionId: string, tab: ConnectionTab) => `${connectionId}\u0000${tab}`;

function pickSelection(l: TabSelection): TabSelection {
  const { tool, resource, template, prompt, seq, exchange, task, rerun, diff } = l;
  return { tool, resource, template, prompt, seq, exchange, task, rerun, diff };
}

/** The selection fields a patch names (they win over the remembered ones). */
function pickPatched(patch: Partial<TabSelection>): Partial<TabSelection> {
  const out: Partial<TabSelection> = {};
  for (const k of SELECTION_FIELDS) if (k in patch) Object.assign(out, { [k]: patch[k] });
  return out;
}

/** Another tool starts without the previous tool's re-run or comparison. */
function dropRerunOnNewTool(patch: Partial<McpLocation>, base: McpLocation, next: McpLocation): void {
  if (changes(patch, base, "tool") && !("rerun" in patch) && !("diff" in patch)) Object.assign(next, { rerun: null, diff: null });
}

export const mcpLocation: LocationPart<McpLocation, null> = {
  view: null,
  key: "connectionId",
  empty: { connectionId: null, tab: "tools", ...NO_TAB_SELECTION },
  // A server, a tab, and the re-run form or comparison that replace the tool's pane are views; the
  // open tool, resource, prompt, traffic row, exchange or task is a selection inside the tab.
  views: ["connectionId", "tab", "rerun", "diff"],
  read: (params) => {
    const tab = params.get("tab");
    const seq = Number(params.get("seq"));
    return {
      connectionId: params.get("c"),
      tab: isTab(tab) ? tab : "tools",
      tool: params.get("tool"),
      resource: params.get("r"),
      template: params.get("rt"),
      prompt: params.get("p"),
      seq: params.get("seq") !== null && Number.isSafeInteger(seq) && seq >= 0 ? seq : null,
      exchange: params.get("x"),
      task: params.get("task"),
      rerun: params.get("rerun"),
      diff: params.get("diff"),
    };
  },
  write: (l, set) => {
    set("c", l.connectionId);
    set("tab", l.tab === "tools" ? null : l.tab);
    set("tool", l.tool);
    set("r", l.resource);
    set("rt", l.template);
    set("p", l.prompt);
    set("seq", l.seq);
    set("x", l.exchange);
    set("task", l.task);
    set("rerun", l.rerun);
    set("diff", l.diff);
  },
  // A server shows only its open tab's selection.
  normalize: (l) => {
    const kept: TabSelection = { ...NO_TAB_SELECTION };
    for (const field of TAB_SELECTION[l.tab] ?? []) Object.assign(kept, { [field]: l[field] });
    if (kept.resource) kept.template = null;
    // A re-run or a comparison belongs to an open tool; the comparison wins over the form it came from.
    if (!kept.tool) Object.assign(kept, { rerun: null, diff: null });
    if (kept.diff) kept.rerun = null;
    return { connectionId: l.connectionId, tab: l.tab, ...kept };
  },
  // Another server starts on the same tab without the previous one's selection.
  open: (from, patch) => {
    if (!patch.connectionId) return null;
    const base =
      patch.connectionId === from.connectionId
        ? from
        : { ...mcpLocation.empty, connectionId: patch.connectionId, tab: from.connectionId ? from.tab : "tools" };
    const next = { ...base, ...patch };
    dropRerunOnNewTool(patch, base, next);
    return next;
  },
  // Switching tabs brings back what the tab had open when it was left.
  merge: (from, next, patch, { memory }) => {
    if (from.connectionId && changes(patch, from, "tab")) {
      const remembered = memory?.get(memoryKey(from.connectionId, next.tab)) ?? NO_TAB_SELECTION;
      Object.assign(next, remembered, pickPatched(patch));
    }
    dropRerunOnNewTool(patch, from, next);
  },
  remember: (from, memory) => {
    if (!from.connectionId) return;
    const key = memoryKey(from.connectionId, from.tab);
    memory.delete(key); // re-inserted last: the Map's order is recency, for trimming the stored copy
    memory.set(key, pickSelection(from));
  },
};

/** What an MCP server asks: the elicitation's message, or the last text of a sampling request. */
function mcpPrompt(row: RowOf<"mcp">): string {
  const message = row.params.message;
  if (row.kind !== "sampling") return typeof message === "string" ? message : "The server asks for input.";
  const messages = Array.isArray(row.params.messages) ? row.params.messages : [];
  const last: unknown = messages.at(-1);
  const content = isRecord(last) ? last.content : undefined;
  for (const block of Array.isArray(content) ? content : [content])
    if (isRecord(block) && typeof block.text === "string") return block.text;
  return `The server asks for a model reply (${messages.length} message${messages.length === 1 ? "" : "s"}).`;
}

export const mcpInboxText = inboxText<RowOf<"mcp">, McpRequestKind>({
  label: "MCP",
  kinds: { sampling: "Sampling", elicitation_form: "Elicitation", elicitation_url: "Elicitation (URL)" },
  kind: (row) => row.kind,
  prompt: mcpPrompt,
  where: (row) => (row.relatedCall ? `${row.connectionName} › ${row.relatedCall.tool}` : row.connectionName),
  key: (row) => `mcp\u0000${row.connectionId}\u0000${row.id}`,
  groupKey: (row) => `mcp:${row.connectionId}`,
  // The server: the tool varies per row.
  groupLabel: (row) => row.connectionName,
  // The server keeps "failed" when sending the reply failed.
  status: (row) => row.status,
});

/** What MCP's command palette items are built from (hooks/use-mcp-palette.ts fetches it). */
export interface McpPaletteSource {
  connections: readonly ConnectionView[];
  /** Tools per connection id, for the servers whose list is known. */
  tools: ReadonlyMap<string, readonly Tool[]>;
}

export const MCP_PALETTE_KINDS = { server: "Server", tool: "Tool" };

/** Every server and its tools, opened as the sidebar and the tool list open them. */
export function mcpPaletteItems(s: McpPaletteSource): PaletteItem<keyof typeof MCP_PALETTE_KINDS, Partial<McpLocation>>[] {
  return s.connections.flatMap((c) => [
    { id: `server:${c.id}`, kind: "server" as const, label: c.name, detail: c.state.status, target: { connectionId: c.id, tool: null } },
    // By the listing key, as the tool list does: a name listed twice ("dup", "dup (2)") is two tools.
    ...(s.tools.get(c.id) ?? []).map((t) => ({
      id: `tool:${c.id}:${toolKey(t)}`,
      kind: "tool" as const,
      label: toolKey(t),
      detail: c.name,
      target: { connectionId: c.id, tab: "tools" as const, tool: toolKey(t) },
    })),
  ]);
}
