import type { InboxItem } from "@/lib/contracts/agents";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { ToolApproval } from "@/lib/contracts/approvals";

/**
 * One row of the shared inbox (DESIGN "Interrupts"): an ADK interrupt of an agent session, a
 * sampling / elicitation request of an MCP server, or a gated tool call (playground model or tap
 * client) waiting for approval. GET /api/inbox returns all three, pending first.
 */
export type InboxRow =
  | ({ source: "adk" } & InboxItem)
  | ({ source: "mcp" } & McpClientRequest)
  | ({ source: "approval" } & ToolApproval);
