import type { InboxItem } from "@/lib/contracts/agents";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";

/**
 * One row of the shared inbox (DESIGN "Interrupts"): an ADK interrupt of an agent session, or a
 * sampling / elicitation request of an MCP server. GET /api/inbox returns both, pending first.
 */
export type InboxRow = ({ source: "adk" } & InboxItem) | ({ source: "mcp" } & McpClientRequest);
