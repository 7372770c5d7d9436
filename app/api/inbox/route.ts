import type { InboxRow } from "@/lib/contracts/inbox";
import { getAgents } from "@/lib/server/adk/agents";
import { getApprovals } from "@/lib/server/approvals";
import { handle } from "@/lib/server/http";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Same order as the inbox UI: pending, then failed (can be retried), answered, stale. */
const RANK: Record<InboxRow["status"], number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * The shared inbox (InboxRow[]): every ADK interrupt (all agent servers and sessions), every
 * sampling / elicitation request of an MCP server and every gated tool call (approvals) — pending
 * first, then newest first.
 */
export function GET(): Promise<Response> {
  return handle(() => {
    const adk: InboxRow[] = getAgents().listInbox().map((item) => ({ source: "adk" as const, ...item }));
    // With the stored history: requests of an earlier run of Loupe stay listed (stale, or answered).
    const mcp: InboxRow[] = getClientRequests()
      .list({ store: getRegistry().hub.store })
      .map((request) => ({ source: "mcp" as const, ...request }));
    const approvals: InboxRow[] = getApprovals()
      .list()
      .map((approval) => ({ source: "approval" as const, ...approval }));
    const rows = [...adk, ...mcp, ...approvals]
      .map((row, i) => ({ row, i }))
      .sort((a, b) => RANK[a.row.status] - RANK[b.row.status] || (b.row.createdAt ?? 0) - (a.row.createdAt ?? 0) || a.i - b.i)
      .map((x) => x.row);
    return Response.json(rows);
  });
}
