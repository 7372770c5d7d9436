import type { ApprovalPolicy, ToolApproval } from "@/lib/contracts/approvals";

/** What each policy means, said the way the card explains why a call waits. */
export const POLICY_LABEL: Record<ApprovalPolicy, string> = {
  always: "ask for every call",
  unless_read_only: "ask unless the tool is read-only",
  never: "never ask",
};

/** Where the policy that applied was set. */
export const POLICY_FROM_LABEL: Record<ToolApproval["policy"]["from"], string> = {
  tool: "set for this tool",
  default: "the default",
};

export { approvalAsker } from "@/lib/workbench/approvals";

/**
 * The way a tap's client came in: the server's own tap (its id is the connection's), or an
 * aggregate tap. Nothing for the playground: the asker already says it.
 */
export function approvalVia(approval: Pick<ToolApproval, "origin" | "connectionId">): string | null {
  const { origin } = approval;
  if (origin.kind === "playground") return null;
  return origin.tapId === approval.connectionId ? "through this server's tap" : `through the aggregate tap ${origin.tapId}`;
}

/** Whether the listing says the tool only reads; why the gate asked in words. */
export function gateWhy(approval: ToolApproval): string {
  const policy = `Policy: ${POLICY_LABEL[approval.policy.value]} (${POLICY_FROM_LABEL[approval.policy.from]})`;
  if (approval.listed === false)
    return `${policy}. ${approval.notListed ?? "The tool is not in the connection's listing, so it is treated as not read-only."}`;
  const readOnly = approval.annotations?.readOnlyHint === true;
  return `${policy}. The tool is ${readOnly ? "annotated read-only" : "not annotated read-only"}.`;
}
