export { ToolResultView } from "./tool-result-view";
export type { ToolResultViewProps } from "./tool-result-view";
export { ResultBody } from "./result-body";
export type { ResultBodyProps } from "./result-body";
// The content pieces live in the shared tier (components/elements); re-exported for the features that read them here.
export { LargeText, type LargeTextProps } from "@/components/elements/large-text";
export { RawJson, type RawJsonProps } from "@/components/elements/raw-json";
