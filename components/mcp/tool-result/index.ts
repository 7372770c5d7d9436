export { ToolResultView } from "./tool-result-view";
export type { ToolResultViewProps } from "./tool-result-view";
export { ResultBody } from "./result-body";
export type { ResultBodyProps } from "./result-body";
export { LargeText } from "./large-text";
export type { LargeTextProps } from "./large-text";
export { RawJson } from "./raw-json";
export type { RawJsonProps } from "./raw-json";
