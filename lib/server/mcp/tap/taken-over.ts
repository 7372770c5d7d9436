import "server-only";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { logLine } from "@/lib/log-text";
import { getApprovals } from "@/lib/server/approvals";
import type { GateOutcome } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { connectedUpstream } from "@/lib/server/mcp/tap/upstream";
import { errorMessage } from "@/lib/values";

/** What an approval taken over from a dead instance says (issue 25): the caller's request is gone, what answering does. */
export function takenOverWords(from: string, here: string): string {
  return (
    `${from} stopped while this call waited, and the tapped client's request went with it: the client lost its ` +
    `connection and was not answered (it may call again). ${here} took the tap over: approving runs the call here, ` +
    "once, and keeps its result in the call history (it cannot reach the client); rejecting runs nothing."
  );
}

/**
 * What a dead instance's tap left waiting for a person (issue 25): its pending approvals stay in the
 * inbox, answerable here. The tapped client's request cannot be answered (its HTTP exchange ended with
 * the dead instance; a 2025-11-25 client that resumes its stream here finds its session gone, in
 * words: endpoint.ts), so an approval runs the call on this instance's upstream and a rejection runs
 * nothing; each is applied once (the answer claim in the database decides, as for any approval).
 * Returns how many were taken over.
 */
export function adoptLeftApprovals(tapId: string, from: string, here: string): number {
  const desk = getApprovals();
  const left = desk.list({ status: "pending" }).filter((a) => a.origin.kind === "tap" && a.origin.tapId === tapId);
  const takenOver = takenOverWords(from, here);
  for (const approval of left) desk.adopt(approval, { takenOver }, (outcome) => void settle(approval, outcome));
  return left.length;
}

async function settle(approval: ToolApproval, outcome: GateOutcome): Promise<void> {
  const origin = approval.origin;
  if (outcome.action !== "approve" || origin.kind !== "tap") return;
  try {
    const conn = await connectedUpstream(approval.connectionId);
    await getRegistry().callTool(conn.id, { name: approval.tool, arguments: outcome.arguments }, { origin, approvalId: approval.id });
  } catch (error) {
    // The call's own record says how it ended when it started; this is a failure before it could.
    logLine(`[loupe] tap: the call approved after a take-over (${approval.tool}) could not start:`, errorMessage(error));
  }
}
