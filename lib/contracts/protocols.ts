import { z } from "zod";
import { A2A_SEARCH_KIND, A2A_TASK_UNIT } from "@/lib/contracts/a2a";
import type { A2aAgentInput, A2aHumanRequest } from "@/lib/contracts/a2a";
import { ADK_SEARCH_KIND, ADK_SESSION_UNIT } from "@/lib/contracts/agents";
import type { AgentServerInput, InboxItem } from "@/lib/contracts/agents";
import { AGUI_RUN_UNIT, AGUI_SEARCH_KIND } from "@/lib/contracts/agui";
import type { AguiAgentInput, AguiHumanRequest } from "@/lib/contracts/agui";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { LG_SEARCH_KIND, LG_THREAD_UNIT } from "@/lib/contracts/langgraph";
import type { LgDeploymentInput, LgHumanRequest } from "@/lib/contracts/langgraph";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { MCP_TRAFFIC_UNIT } from "@/lib/contracts/mcp-traffic";
import { PLAYGROUND_CONVERSATION_UNIT, PLAYGROUND_SEARCH_KIND } from "@/lib/contracts/playground";

/**
 * The contracts registry (issue 20): what each protocol declares in its own contract file, composed
 * in one place — with lib/contracts/entry-kinds/index.ts, the only shared contract file that names
 * every protocol. inbox.ts, bundle.ts and session-search.ts derive their types from it.
 */

/** Who recorded an entry: a protocol, the playground, or Loupe itself ("loupe": its own records). */
export const ENTRY_PROTOCOLS = ["mcp", "adk", "loupe", "playground", "a2a", "agui", "langgraph"] as const;

/** Every inbox row's status, whatever its source. */
export type InboxStatus = "pending" | "failed" | "answered" | "stale";

/** The human request each inbox source lists (approvals: the shared desk's, which is no protocol). */
export interface InboxRowBySource {
  adk: InboxItem;
  mcp: McpClientRequest;
  approval: ToolApproval;
  a2a: A2aHumanRequest;
  agui: AguiHumanRequest;
  langgraph: LgHumanRequest;
}

/** What every inbox row has, whatever its source: what the shared inbox orders by. */
export interface InboxRowBase {
  source: string;
  id: string;
  status: InboxStatus;
  createdAt: number | null;
  /**
   * The request's name in the audit log and its answer claims, where `id` alone does not name it
   * (an ADK call id repeats across sessions and agent servers); otherwise `id`.
   */
  requestKey?: string;
}

/** What names one exportable unit of each protocol (the export body, a bundle's `unit`), as one union. */
export const bundleUnitRefSchema = z.discriminatedUnion("type", [
  ADK_SESSION_UNIT.ref,
  MCP_TRAFFIC_UNIT.ref,
  PLAYGROUND_CONVERSATION_UNIT.ref,
  A2A_TASK_UNIT.ref,
  AGUI_RUN_UNIT.ref,
  LG_THREAD_UNIT.ref,
]);
export type BundleUnitRef = z.infer<typeof bundleUnitRefSchema>;
export type BundleUnitType = BundleUnitRef["type"];

export const BUNDLE_UNIT_LABEL: Record<BundleUnitType, string> = {
  [ADK_SESSION_UNIT.type]: ADK_SESSION_UNIT.label,
  [MCP_TRAFFIC_UNIT.type]: MCP_TRAFFIC_UNIT.label,
  [PLAYGROUND_CONVERSATION_UNIT.type]: PLAYGROUND_CONVERSATION_UNIT.label,
  [A2A_TASK_UNIT.type]: A2A_TASK_UNIT.label,
  [AGUI_RUN_UNIT.type]: AGUI_RUN_UNIT.label,
  [LG_THREAD_UNIT.type]: LG_THREAD_UNIT.label,
};

/** What the cross-protocol session search finds, one kind per protocol. */
export const SESSION_SEARCH_KINDS = [ADK_SEARCH_KIND, PLAYGROUND_SEARCH_KIND, A2A_SEARCH_KIND, AGUI_SEARCH_KIND, LG_SEARCH_KIND] as const;
export type SessionSearchKind = (typeof SESSION_SEARCH_KINDS)[number];

/** What each protocol saves for a peer (its create input): a demo peer, once started, answers with one. */
export interface PeerInputByProtocol {
  mcp: ConnectionInput;
  adk: AgentServerInput;
  a2a: A2aAgentInput;
  agui: AguiAgentInput;
  langgraph: LgDeploymentInput;
}
