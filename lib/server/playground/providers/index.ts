import "server-only";

// The playground's provider layer (issue 10): models, tool declarations, prices and keys.
export { createModel } from "@/lib/server/playground/providers/model";
export type { CreatedModel } from "@/lib/server/playground/providers/model";
export type { CapturedExchange, CaptureHooks } from "@/lib/server/playground/providers/capture";
export { declareTools, portabilityTarget } from "@/lib/playground/declare-tools";
export type { DeclaredTool, DeclaredTools, LeftOutTool, ToolSource } from "@/lib/playground/declare-tools";
export { costOf } from "@/lib/server/playground/providers/pricing";
export { listProviderStatus, providerStatus, resolveKey } from "@/lib/server/playground/providers/keys";
