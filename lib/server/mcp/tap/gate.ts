import "server-only";
import type { ApprovalOrigin } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import type { GateOutcome } from "@/lib/server/approvals";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * The approvals desk for a tapped tools/call: the tap's policy (default "never") and per-tool
 * overrides decide whether the call waits in Loupe's inbox; the tap's client going away while it
 * waits makes the approval stale.
 */
export function gateTappedCall(input: {
  tap: TapRecord;
  connectionId: string;
  tool: string;
  calledAs?: string;
  arguments: Record<string, unknown>;
  origin: Extract<ApprovalOrigin, { kind: "tap" }>;
  signal: AbortSignal;
}): Promise<GateOutcome> {
  return getApprovals().gate({
    connectionId: input.connectionId,
    tool: input.tool,
    ...(input.calledAs ? { calledAs: input.calledAs } : {}),
    arguments: input.arguments,
    origin: input.origin,
    policy: input.tap.policy,
    toolPolicies: input.tap.toolPolicies,
    signal: input.signal,
  });
}
