/**
 * What the inbox says about one row, per source: the pure half of INBOX_SOURCES
 * (components/inbox/sources.tsx adds each source's card). The text lives in lib/workbench/inbox.ts
 * (each protocol's in its own lib/workbench/<protocol>.ts); the inbox's modules read it here.
 */
export type { InboxSourceText, RowOf } from "@/lib/workbench/inbox-text";
export {
  INBOX_SOURCE_TEXT,
  countWaiting,
  groupKeyOf,
  groupLabelOf,
  inboxItemDomKey,
  inboxStatus,
  itemKey,
  rowKind,
  rowPrompt,
  rowSourceLabel,
  textOf,
} from "@/lib/workbench/inbox";
export { peerHref } from "@/lib/workbench/peer-location";
