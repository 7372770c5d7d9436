import type { InboxRowBySource } from "@/lib/contracts/protocols";

export type { InboxRowBase, InboxRowBySource, InboxStatus } from "@/lib/contracts/protocols";

/**
 * One row of the shared inbox (DESIGN "Interrupts"), one model for every protocol: each source's
 * human request (InboxRowBySource in lib/contracts/protocols.ts) tagged with its `source` (there
 * are no bare rows). GET /api/inbox (lib/server/inbox) returns them all, pending first. The
 * browser shows each source through one entry of INBOX_SOURCES (components/inbox/sources.tsx).
 */
export type InboxRow = { [S in keyof InboxRowBySource]: { source: S } & InboxRowBySource[S] }[keyof InboxRowBySource];

export type InboxSource = InboxRow["source"];

/** The rows of one source. */
export type InboxRowOf<S extends InboxSource> = Extract<InboxRow, { source: S }>;

/** Order of the inbox: what still needs the user first (failed answers can be retried), history last. */
export const INBOX_STATUS_RANK: Record<InboxRow["status"], number> = { pending: 0, failed: 1, answered: 2, stale: 3 };

/**
 * The inbox order, on the server (GET /api/inbox) and in the browser's cache alike: by status
 * rank, then newest first, then as given (stable).
 */
export function orderInbox<T extends Pick<InboxRow, "status" | "createdAt">>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort(
      (a, b) =>
        INBOX_STATUS_RANK[a.row.status] - INBOX_STATUS_RANK[b.row.status] || (b.row.createdAt ?? 0) - (a.row.createdAt ?? 0) || a.i - b.i,
    )
    .map((x) => x.row);
}
