import "server-only";
import type { ApprovalPolicy, ToolApproval, ToolPolicies } from "@/lib/contracts/approvals";
import type { ListedTool } from "@/lib/protocols/mcp/tool-listing";

/** What the gate reads of a connection's tool listing (MCP's ToolsListing has it). */
export interface ToolsListing {
  tools: readonly ListedTool[];
}
import { errorMessage } from "@/lib/values";

/** The policy that applies to one call: the tool's own override, else the caller's default. */
export function resolvePolicy(
  connectionId: string,
  tool: string,
  policy: ApprovalPolicy,
  toolPolicies: ToolPolicies | undefined,
): ToolApproval["policy"] {
  const own = toolPolicies?.[`${connectionId}/${tool}`];
  return own !== undefined ? { value: own, from: "tool" } : { value: policy, from: "default" };
}

/** What the listing says of a tool, for the gate's decision and the card. */
export type ToolFacts =
  { listed: true; annotations?: Record<string, unknown>; inputSchema?: unknown } | { listed: false; notListed: string };

/**
 * The tool as the connection listed it. A tool missing from the listing, or a listing that cannot
 * be read, yields `listed: false` with the reason in words (the gate then treats it as not read-only).
 */
export async function toolFacts(readListing: () => Promise<ToolsListing>, tool: string): Promise<ToolFacts> {
  let listing: ToolsListing;
  try {
    listing = await readListing();
  } catch (error) {
    const why = errorMessage(error);
    return { listed: false, notListed: `The tool listing could not be read (${why}), so the tool is treated as not read-only` };
  }
  const found = listing.tools.find((t) => t.name === tool);
  if (!found) return { listed: false, notListed: `"${tool}" is not in the connection's tool listing, so it is treated as not read-only` };
  const annotations = found.annotations as Record<string, unknown> | undefined;
  return {
    listed: true,
    ...(annotations ? { annotations } : {}),
    ...(found.inputSchema !== undefined ? { inputSchema: found.inputSchema } : {}),
  };
}

/** Whether a call under this policy waits for the user. */
export function asks(policy: ApprovalPolicy, facts: ToolFacts): boolean {
  if (policy === "never") return false;
  if (policy === "always") return true;
  return !(facts.listed && facts.annotations?.readOnlyHint === true);
}
