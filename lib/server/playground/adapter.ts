import "server-only";
import { PROVIDER_IDS } from "@/lib/contracts/playground";
import { strings } from "@/lib/server/bundles/secrets";
import { playgroundConversationUnit } from "@/lib/server/playground/bundle-unit";
import { resolveKey } from "@/lib/server/playground/providers/keys";
import { playgroundSearch } from "@/lib/server/playground/search";
import { playgroundReplayScope, playgroundTesting } from "@/lib/server/playground/testing";
import type { ProtocolAdapter } from "@/lib/server/protocols/types";

/**
 * The model playground (lib/server/playground/): no peers of its own and no requests of its own
 * (its gated tool calls wait at the shared approvals desk), but conversations to export and find,
 * and their history to keep.
 */
export const playgroundAdapter = {
  id: "playground" as const,
  label: "Playground",
  peers: null,
  inbox: null,
  inboxScope: () => null,
  inboxEntryScope: () => null,
  // Its gated tool calls: a test replay's conversation answers its own at the desk (testing.ts).
  approvalScope: (approval) => (approval.origin.kind === "playground" ? playgroundReplayScope(approval.origin.conversationId) : null),
  bundleUnits: [playgroundConversationUnit],
  search: playgroundSearch,
  // A column's history is rebuilt from the entries: a pruned start would send the model a broken conversation.
  retention: {
    pending: null,
    history: [],
    keepsRows: "protocol = 'playground' AND connection_id IN (SELECT id FROM playground_conversations)",
  },
  boot: null,
  /** The provider keys (settings or environment). */
  secrets: () => strings(PROVIDER_IDS.map((provider) => resolveKey(provider).apiKey)),
  testing: playgroundTesting,
  leases: null,
  closeAll: async () => undefined,
} satisfies ProtocolAdapter;
