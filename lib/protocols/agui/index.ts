export * from "@/lib/protocols/agui/types";
export { normalizeAguiRun } from "@/lib/protocols/agui/timeline";
export { isKnownAguiEventType } from "@/lib/protocols/agui/events";
export type { NormalizeOptions } from "@/lib/protocols/agui/timeline";
export { threadMessagesAfterRun, pendingFrontendCalls } from "@/lib/protocols/agui/messages";
export { AguiLifecycle } from "@/lib/protocols/agui/lifecycle";
export type { AguiLifecycleStep } from "@/lib/protocols/agui/lifecycle";
