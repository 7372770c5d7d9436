import { inboxText, type RowOf } from "@/lib/workbench/inbox-text";
import { peerLocation } from "@/lib/workbench/peer-location";
import { peerSearch } from "@/lib/workbench/search-kind";

/** AG-UI's part of the workbench URL: ?view=agui&peer=<agent id>[&th=<threadId>][&item=<runId>]. */
export const aguiLocation = peerLocation("agui");

/**
 * An AG-UI agent's status before its first run. AG-UI has one endpoint, the run (no card, no /info
 * to probe): Loupe learns whether the agent is reachable by running it, so "not checked" is said so.
 */
export const AGUI_UNCHECKED = "Not run yet: a run checks it";

/** A found AG-UI thread opens in its agent's view. */
export const aguiSearch = peerSearch("agui", "AG-UI thread");

export const aguiInboxText = inboxText<RowOf<"agui">, "agui_tool" | "agui_interrupt">({
  label: "AG-UI",
  kinds: { agui_tool: "Front-end tool", agui_interrupt: "Interrupt (AG-UI)" },
  kind: (row) => (row.kind === "tool" ? "agui_tool" : "agui_interrupt"),
  prompt: (row) =>
    row.kind === "tool"
      ? `The agent calls the front-end tool ${row.toolName ?? "(unnamed)"}`
      : (row.interrupt?.message ?? row.interrupt?.reason ?? "The run stopped for an answer."),
  where: (row) => `${row.agentName} › ${row.threadId}`,
  key: (row) => `agui\u0000${row.agentId}\u0000${row.id}`,
  groupKey: (row) => `agui:${row.agentId}:${row.threadId}`,
  groupLabel: (row) => `${row.agentName} › ${row.threadId}`,
  status: (row) => row.status,
});
