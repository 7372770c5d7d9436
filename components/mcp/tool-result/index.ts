export { ToolResultView } from "./tool-result-view";
export type { ToolResultViewProps } from "./tool-result-view";
export { ResultBody } from "./result-body";
export type { ResultBodyProps } from "./result-body";
