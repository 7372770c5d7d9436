import "server-only";
import type { ServerCapabilities } from "@modelcontextprotocol/server";
import { TASKS_EXTENSION } from "@/lib/contracts/tasks";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { upstreamTasksEntry } from "@/lib/server/mcp/tap/tasks";

/**
 * What the tap advertises: only what its upstream servers declared (tools, resources with
 * subscribe, prompts, completions, logging), and on a 2026-07-28 session the Tasks extension when
 * an upstream offers it (tasks.ts relays it). 2025-11-25 tasks are not served: a tapped call is a
 * plain call there.
 */
export function tapCapabilities(conns: ConnectionHandle[], era: "legacy" | "modern"): ServerCapabilities {
  const caps: ServerCapabilities = {};
  for (const conn of conns) {
    const up = (conn.state.capabilities ?? {}) as Record<string, Record<string, unknown> | undefined>;
    if (up.tools) caps.tools = { listChanged: true };
    if (up.prompts) caps.prompts = { listChanged: true };
    if (up.resources) {
      caps.resources = {
        listChanged: true,
        ...(caps.resources?.subscribe || up.resources.subscribe ? { subscribe: true } : {}),
      };
    }
    if (up.completions) caps.completions = {};
    if (up.logging) caps.logging = {};
    const tasks = era === "modern" ? upstreamTasksEntry(conn) : undefined;
    if (tasks && up.tools) (caps as Record<string, unknown>).extensions = { [TASKS_EXTENSION]: tasks };
  }
  return caps;
}

/** The upstream servers' instructions, joined (an aggregate has several). */
export function instructionsOf(conns: ConnectionHandle[]): string | undefined {
  const parts = conns.map((c) => c.state.instructions).filter((t): t is string => typeof t === "string" && t.length > 0);
  return parts.length ? parts.join("\n\n") : undefined;
}
