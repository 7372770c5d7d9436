/** The shared elements tier: what features borrow from each other (import from here or the file). */
export { BusyButton, type BusyButtonProps } from "./busy-button";
export { CopyButton, COPY_FEEDBACK_MS, type CopyButtonProps } from "./copy-button";
export { Field, type FieldProps } from "./field";
export { JsonTextField, ReadOnlyJson, type JsonTextFieldProps, type ReadOnlyJsonProps } from "./json-text-field";
export { JsonView, type JsonViewProps } from "./json-view";
export { LargeText, type LargeTextProps } from "./large-text";
export { ListSearchBar, type ListSearchBarProps } from "./list-search-bar";
export { QueryError, type QueryErrorProps } from "./query-error";
export { RawJson, type RawJsonProps } from "./raw-json";
export {
  StatusBadge,
  StatusDot,
  TONE_CLASS,
  TONE_DOT_CLASS,
  type StatusBadgeProps,
  type StatusDotProps,
  type StatusTone,
} from "./status-badge";
export { sidebarItemState } from "./sidebar-item";
