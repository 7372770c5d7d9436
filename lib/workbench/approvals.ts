import type { ApprovalOrigin } from "@/lib/contracts/approvals";
import { inboxText, type RowOf } from "@/lib/workbench/inbox-text";

/**
 * Who asks: the playground conversation (and which column, when it has several: they share the
 * title), or the tap's client as it named itself.
 */
export function approvalAsker(origin: ApprovalOrigin): string {
  if (origin.kind === "playground") return `Playground “${origin.title}”${origin.columnLabel ? `, ${origin.columnLabel}` : ""}`;
  if (!origin.client) return "A client of the tap";
  return origin.client.version ? `${origin.client.name} ${origin.client.version}` : origin.client.name;
}

/** A tool call (playground model or tap client) waiting for approval: a core desk, not a protocol. */
export const approvalInboxText = inboxText<RowOf<"approval">, "tool_approval">({
  label: "Approval",
  kinds: { tool_approval: "Tool call approval" },
  kind: () => "tool_approval",
  prompt: (row) => `${approvalAsker(row.origin)} wants to call ${row.calledAs ?? row.tool}`,
  where: (row) => `${row.connectionName} › ${row.tool}`,
  key: (row) => `approval\u0000${row.id}`,
  groupKey: (row) => `approval:${row.connectionId}`,
  groupLabel: (row) => row.connectionName,
  status: (row) => row.status,
});
