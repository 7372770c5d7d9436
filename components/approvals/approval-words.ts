import type { ApprovalPolicy, ToolApproval } from "@/lib/contracts/approvals";
import { PlaygroundSettings } from "@/lib/contracts/playground";

/** What each policy means, said the way the card explains why a call waits. */
export const POLICY_LABEL: Record<ApprovalPolicy, string> = {
  always: "ask for every call",
  unless_read_only: "ask unless the tool is read-only",
  never: "never ask",
};

/** A new conversation's policy: what the playground applies unless the user changes it. */
const PLAYGROUND_DEFAULT = PlaygroundSettings.parse({}).policy;

/**
 * Where the policy that applied was set (issue 23: a tap set to "ask for every call" read "(the
 * default)"). A tap's own default never asks, so a tap's policy that asked was always chosen for it;
 * a conversation's is the default only while it is the playground's default value.
 */
export function policyFrom(approval: Pick<ToolApproval, "policy" | "origin">): string {
  if (approval.policy.from === "tool") return "set for this tool";
  if (approval.origin.kind === "tap") return "set for this tap";
  return approval.policy.value === PLAYGROUND_DEFAULT ? "the default" : "set for this conversation";
}

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
  const policy = `Policy: ${POLICY_LABEL[approval.policy.value]} (${policyFrom(approval)})`;
  if (approval.listed === false)
    return `${policy}. ${approval.notListed ?? "The tool is not in the connection's listing, so it is treated as not read-only."}`;
  const readOnly = approval.annotations?.readOnlyHint === true;
  return `${policy}. The tool is ${readOnly ? "annotated read-only" : "not annotated read-only"}.`;
}
