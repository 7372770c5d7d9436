import { inboxText, type RowOf } from "@/lib/workbench/inbox-text";
import { peerLocation } from "@/lib/workbench/peer-location";
import { peerSearch } from "@/lib/workbench/search-kind";

/** A2A's part of the workbench URL: ?view=a2a&peer=<agent id>[&th=<contextId>][&item=<taskId>]. */
export const a2aLocation = peerLocation("a2a");

/** A found A2A context opens in its agent's view. */
export const a2aSearch = peerSearch("a2a", "A2A context");

export const a2aInboxText = inboxText<RowOf<"a2a">, "a2a_input" | "a2a_auth">({
  label: "A2A",
  kinds: { a2a_input: "Input (A2A task)", a2a_auth: "Credential (A2A task)" },
  kind: (row) => (row.kind === "auth" ? "a2a_auth" : "a2a_input"),
  // The task's status message, or what the state means when the agent sent no text.
  prompt: (row) =>
    row.prompt?.trim()
      ? row.prompt
      : row.kind === "auth"
        ? "The agent needs a credential to go on with the task."
        : "The agent needs input to go on with the task.",
  where: (row) => `${row.agentName} › task ${row.taskId}`,
  key: (row) => `a2a\u0000${row.agentId}\u0000${row.id}`,
  groupKey: (row) => `a2a:${row.agentId}:${row.contextId}`,
  groupLabel: (row) => `${row.agentName} › ${row.contextId}`,
  status: (row) => row.status,
});
