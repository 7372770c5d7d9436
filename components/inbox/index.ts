export { InterruptCard, type InterruptCardProps } from "./interrupt-card";
export { InboxList, type InboxListProps } from "./inbox-list";
export { InboxBadge, type InboxBadgeProps } from "./inbox-badge";
export { InterruptStatusBadge } from "./interrupt-header";
export {
  KIND_LABEL,
  STATUS_META,
  countWaiting,
  inboxStatus,
  rowPrompt,
  rowSourceLabel,
  sourceLabel,
  type AnyInboxRow,
  type InboxKind,
  type InboxStatus,
} from "./inbox-status";
