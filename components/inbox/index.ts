export { InterruptCard, type InterruptCardProps } from "./interrupt-card";
export { InboxList, type InboxListProps } from "./inbox-list";
export { InboxBadge, type InboxBadgeProps } from "./inbox-badge";
export { InterruptStatusBadge } from "./interrupt-header";
export { KIND_LABEL, STATUS_META, interruptStatus, sourceLabel, type InboxKind, type InboxStatus } from "./inbox-status";
export { INBOX_SOURCE_TEXT, countWaiting, inboxStatus, rowPrompt, rowSourceLabel, type InboxSourceText } from "./source-text";
export { INBOX_SOURCES, InboxCard, sourceOf, type InboxCardProps, type InboxSourceDescriptor } from "./sources";
