import "server-only";
import { getApprovals } from "@/lib/server/approvals";
import { costOf, createModel, declareTools } from "@/lib/server/playground/providers";
import type { LoopDeps } from "@/lib/server/playground/loop-deps";

/** The real parts the loop runs with: the provider layer, Portability's declarations, the approvals desk. */
export function defaultDeps(): LoopDeps {
  return {
    createModel: (config, hooks) => createModel(config, hooks),
    declareTools: (provider, strict, tools) => declareTools(provider, strict, tools),
    costOf: (provider, model, usage) => costOf(provider, model, usage),
    gate: (request) => getApprovals().gate(request),
  };
}
