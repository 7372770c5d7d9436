import "server-only";
import { A2A_TABLES } from "@/lib/server/a2a/tables";
import { ADK_TABLES } from "@/lib/server/adk/tables";
import { AGUI_TABLES } from "@/lib/server/agui/tables";
import { LANGGRAPH_TABLES } from "@/lib/server/langgraph/tables";
import { MCP_TABLES } from "@/lib/server/mcp/tables";
import { PLAYGROUND_TABLES } from "@/lib/server/playground/tables";

/**
 * Every protocol's SQLite tables, each declared in its own folder, created with the core ones
 * whenever a store opens (lib/server/store-schema.ts): a store opened by any code path, a test's
 * included, has them all, and an existing file gains a new protocol's tables (CREATE … IF NOT
 * EXISTS). A registry beside registry.ts rather than in it: the store imports this list, and the
 * adapters registry.ts imports use the store (a cycle). registry.ts checks every protocol is here.
 */
export const PROTOCOL_TABLES = {
  mcp: MCP_TABLES,
  adk: ADK_TABLES,
  playground: PLAYGROUND_TABLES,
  a2a: A2A_TABLES,
  agui: AGUI_TABLES,
  langgraph: LANGGRAPH_TABLES,
} as const satisfies Record<string, string>;
