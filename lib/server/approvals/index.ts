import "server-only";

/**
 * Tool-call approval gates (issue 10): desk.ts holds the calls that wait for the user,
 * policy.ts decides whether a call asks, approval-store.ts keeps the history in SQLite.
 */
export { Approvals, getApprovals } from "@/lib/server/approvals/desk";
export { CONNECTION_DELETED_REASON, abortReason } from "@/lib/server/approvals/gate";
export type { GateInput, GateOutcome } from "@/lib/server/approvals/gate";
export { LOUPE_STOPPED_REASON } from "@/lib/server/approvals/approval-store";
export { resolvePolicy } from "@/lib/server/approvals/policy";
