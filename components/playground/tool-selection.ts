/** Which tools of which servers the model gets, as the ToolSelection list the contract stores (pure). */
import type { ToolSelection } from "@/lib/contracts/playground";

export type Checked = boolean | "indeterminate";

export function serverChecked(servers: readonly ToolSelection[], connectionId: string, toolNames: readonly string[]): Checked {
  const sel = servers.find((s) => s.connectionId === connectionId);
  if (!sel) return false;
  if (sel.tools === "all") return true;
  const on = toolNames.filter((t) => sel.tools.includes(t)).length;
  if (on === 0) return false;
  return on === toolNames.length ? true : "indeterminate";
}

export function toolChecked(servers: readonly ToolSelection[], connectionId: string, tool: string): boolean {
  const sel = servers.find((s) => s.connectionId === connectionId);
  return sel ? sel.tools === "all" || sel.tools.includes(tool) : false;
}

/** A whole server on (all its tools, including ones it lists later) or off. */
export function setServer(servers: readonly ToolSelection[], connectionId: string, on: boolean): ToolSelection[] {
  const rest = servers.filter((s) => s.connectionId !== connectionId);
  return on ? [...rest, { connectionId, tools: "all" }] : rest;
}

/** One tool on or off; all of a server's tools on reads as "all" again, none drops the server. */
export function setTool(
  servers: readonly ToolSelection[],
  connectionId: string,
  tool: string,
  on: boolean,
  toolNames: readonly string[],
): ToolSelection[] {
  const sel = servers.find((s) => s.connectionId === connectionId);
  const current = !sel ? [] : sel.tools === "all" ? [...toolNames] : [...sel.tools];
  const next = on ? [...new Set([...current, tool])] : current.filter((t) => t !== tool);
  const rest = servers.filter((s) => s.connectionId !== connectionId);
  if (next.length === 0) return rest;
  const all = toolNames.length > 0 && toolNames.every((t) => next.includes(t));
  const entry: ToolSelection = { connectionId, tools: all ? "all" : next };
  // Keep the server where it was in the list, so the order the model sees them in does not jump.
  const at = servers.findIndex((s) => s.connectionId === connectionId);
  if (at === -1) return [...rest, entry];
  return [...servers.slice(0, at), entry, ...servers.slice(at + 1)];
}

/** The tool names a selection gives the model, given what the server lists. */
export function selectedTools(sel: ToolSelection | undefined, toolNames: readonly string[]): string[] {
  if (!sel) return [];
  return sel.tools === "all" ? [...toolNames] : toolNames.filter((t) => sel.tools.includes(t));
}
