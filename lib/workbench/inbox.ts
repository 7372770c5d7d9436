import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import { approvalInboxText } from "@/lib/workbench/approvals";
import type { InboxSourceText, InboxStatus, KindOf, ProtocolInboxSource, RowOf } from "@/lib/workbench/inbox-text";
import { PROTOCOL_INBOX_TEXT, PROTOCOL_KIND_LABEL, type ProtocolInboxKind } from "@/lib/workbench/registry";

/**
 * What the inbox says about any row: each protocol's text (PROTOCOL_INBOX_TEXT) and the core
 * approval source, looked up by the row's own source. Pure, so the list's order, filters and badge,
 * the command palette and the read-only bundle views word rows alike without any card.
 */

/** Every source's kinds, one set of filter chips. */
export type InboxKind = ProtocolInboxKind | KindOf<typeof approvalInboxText>;

/** Kind labels; a new kind without a label is a type error (STYLE.md rule 7). */
export const KIND_LABEL: Record<InboxKind, string> = { ...PROTOCOL_KIND_LABEL, ...approvalInboxText.kinds };

/** The kinds of one source's rows. */
type SourceKind<S extends InboxSource> = S extends ProtocolInboxSource
  ? KindOf<(typeof PROTOCOL_INBOX_TEXT)[S]>
  : KindOf<typeof approvalInboxText>;
type SourceText<S extends InboxSource> = InboxSourceText<RowOf<S>, SourceKind<S>>;

/** A source of InboxRow without its text does not compile. */
export const INBOX_SOURCE_TEXT: { [S in InboxSource]: SourceText<S> } = { ...PROTOCOL_INBOX_TEXT, approval: approvalInboxText };

/** The text of a row's source: the table is keyed by the row's own source, so it takes that row. */
export function textOf<S extends InboxSource>(row: { source: S }): SourceText<S> {
  return INBOX_SOURCE_TEXT[row.source];
}

export const inboxStatus = (row: InboxRow): InboxStatus => textOf(row).status(row);
export const rowKind = (row: InboxRow): InboxKind => textOf(row).kind(row);
export const rowPrompt = (row: InboxRow): string => textOf(row).prompt(row);
export const rowSourceLabel = (row: InboxRow): string => textOf(row).where(row);
export const itemKey = (row: InboxRow): string => textOf(row).key(row);
export const groupKeyOf = (row: InboxRow): string => textOf(row).groupKey(row);
export const groupLabelOf = (row: InboxRow): string => textOf(row).groupLabel(row);

/** itemKey made safe for an HTML attribute and a CSS selector (itemKey joins with NUL). */
export const inboxItemDomKey = (row: InboxRow): string => encodeURIComponent(itemKey(row));

const countStatus = (rows: readonly InboxRow[], status: InboxStatus): number => rows.filter((row) => inboxStatus(row) === status).length;

/** Rows waiting for an answer (pending), of every source: a Failed answer is not waiting (issue 23), it is counted apart. */
export function countWaiting(rows: readonly InboxRow[]): number {
  return countStatus(rows, "pending");
}

/** Rows whose answer the peer refused (Failed: Retry or answer again). */
export function countFailed(rows: readonly InboxRow[]): number {
  return countStatus(rows, "failed");
}

/** Rows that still need the user, waiting or failed: the sidebar badge. */
export function countNeedsYou(rows: readonly InboxRow[]): number {
  return countWaiting(rows) + countFailed(rows);
}

/** A recorded row (a bundle's) of a source this Loupe knows how to word. */
export function isKnownInboxRow(value: unknown): value is InboxRow {
  return (
    typeof value === "object" &&
    value !== null &&
    "source" in value &&
    typeof value.source === "string" &&
    Object.hasOwn(INBOX_SOURCE_TEXT, value.source)
  );
}
