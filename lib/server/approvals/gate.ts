import "server-only";
import type { ApprovalOrigin, ApprovalPolicy, ToolApproval, ToolPolicies } from "@/lib/contracts/approvals";
import type { ToolsListing } from "@/lib/server/approvals/policy";

/** What a gated call hands the approvals desk (desk.ts), what it gets back, and what the desk reads of servers. */

export interface GateInput {
  connectionId: string;
  /** The tool's name on its server. */
  tool: string;
  /** The name the caller used, when it differs (namespaced). */
  calledAs?: string;
  arguments: Record<string, unknown>;
  origin: ApprovalOrigin;
  /** The caller's default policy. */
  policy: ApprovalPolicy;
  /** Per-tool overrides, keyed `<connectionId>/<tool>`. */
  toolPolicies?: ToolPolicies;
  /** Aborting it (the turn stopped, the client went away) makes a pending approval stale. */
  signal?: AbortSignal;
  /**
   * Called once, synchronously, when the call starts waiting (its approval recorded): the caller
   * learns which approval is its own from the gate itself, not by matching tool and arguments
   * (two identical calls would be indistinguishable).
   */
  onPending?(approval: ToolApproval): void;
}

export type GateOutcome =
  | { action: "approve"; arguments: Record<string, unknown>; edited: boolean; approvalId?: string }
  | { action: "reject"; reason: string; approvalId: string }
  | { action: "stale"; reason: string; approvalId: string };

/**
 * What the desk reads of the servers gated calls go to (MCP's Registry is one): a connection's name
 * and tool listing, its live session, and word of a deleted connection. The desk is core and names
 * no protocol (.dependency-cruiser.cjs, core-not-to-protocols): the servers are handed to it.
 */
export interface GatedServers {
  /** The connection, or a not_found AppError. */
  connection(id: string): { readonly config: { readonly name: string } };
  listTools(id: string): Promise<ToolsListing>;
  allConnections(): readonly { readonly id: string; readonly sessionKey: string | null }[];
  onRemove(listener: (id: string) => void): unknown;
}

/** Why a connection's pending approvals went stale when it was deleted. */
export const CONNECTION_DELETED_REASON = "The connection was deleted while this call waited";

/** The words for an aborted caller: the abort's own reason when it gave one. */
export function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === "string" && reason.trim()) return reason;
  if (reason instanceof Error && reason.name !== "AbortError" && reason.message) return reason.message;
  return "The caller stopped waiting for the answer";
}
