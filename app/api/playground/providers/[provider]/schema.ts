import { ProviderKeyInput } from "@/lib/contracts/playground";

/** PUT /api/playground/providers/:provider — a field left out keeps its stored value. */
export const providerKeyBody = ProviderKeyInput.strict();
