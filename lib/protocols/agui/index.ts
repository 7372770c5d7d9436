export * from "@/lib/protocols/agui/types";
export { normalizeAguiRun, isKnownAguiEventType } from "@/lib/protocols/agui/timeline";
export type { NormalizeOptions } from "@/lib/protocols/agui/timeline";
export { threadMessagesAfterRun, pendingFrontendCalls } from "@/lib/protocols/agui/messages";
