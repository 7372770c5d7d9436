import type { InboxItem } from "@/lib/contracts/agents";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { ToolApproval } from "@/lib/contracts/approvals";

/**
 * One row of the shared inbox (DESIGN "Interrupts"), one model for every protocol: an ADK
 * interrupt of an agent session, a sampling / elicitation request of an MCP server, a gated tool
 * call (playground model or tap client) waiting for approval, an A2A task that is input- or
 * auth-required, or an AG-UI front-end tool call / interrupt. Every row names its `source`
 * (there are no bare rows). GET /api/inbox (lib/server/inbox) returns them all, pending first.
 * The browser shows each source through one entry of INBOX_SOURCES (components/inbox/sources.tsx).
 */
export type InboxRow =
  | ({ source: "adk" } & InboxItem)
  | ({ source: "mcp" } & McpClientRequest)
  | ({ source: "approval" } & ToolApproval)
  | ({ source: "a2a" } & A2aHumanRequest)
  | ({ source: "agui" } & AguiHumanRequest);

export type InboxSource = InboxRow["source"];

/** Order of the inbox: what still needs the user first (failed answers can be retried), history last. */
export const INBOX_STATUS_RANK: Record<InboxRow["status"], number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * The inbox order, on the server (GET /api/inbox) and in the browser's cache alike: by status
 * rank, then newest first, then as given (stable).
 */
export function orderInbox<T extends Pick<InboxRow, "status" | "createdAt">>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort(
      (a, b) =>
        INBOX_STATUS_RANK[a.row.status] - INBOX_STATUS_RANK[b.row.status] || (b.row.createdAt ?? 0) - (a.row.createdAt ?? 0) || a.i - b.i,
    )
    .map((x) => x.row);
}
