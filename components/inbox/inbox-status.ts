import type { InboxStatus } from "@/lib/workbench/inbox-text";

export type { InboxStatus };
export { KIND_LABEL, type InboxKind } from "@/lib/workbench/inbox";
export { interruptStatus, sourceLabel } from "@/lib/workbench/adk";

/** Order of the list: what still needs the user first, history last. */
export const STATUS_RANK: Record<InboxStatus, number> = { pending: 0, failed: 1, answered: 2, stale: 3 };
