import "server-only";
import { demoFailed } from "@/lib/server/demo-offers";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { getA2a } from "@/lib/server/a2a";
import { a2aTaskUnit } from "@/lib/server/a2a/bundle-unit";
import { a2aLeases } from "@/lib/server/a2a/leased";
import { a2aSearch } from "@/lib/server/a2a/search";
import { a2aReplayScope, a2aTesting } from "@/lib/server/a2a/testing";
import { savedPeerSecrets, strings, tableExists } from "@/lib/server/bundles/secrets";
import type { BootContext, ProtocolAdapter } from "@/lib/server/protocols/types";
import { query } from "@/lib/server/rows";

/** A2A tasks that are input- or auth-required (stored ones after a restart: stale). */
function inbox(): InboxRowOf<"a2a">[] {
  return getA2a()
    .listRequests()
    .map((request) => ({ ...request, source: "a2a" as const }));
}

/**
 * The A2A registry installs the push webhook handler (/a2a-push/<id>): webhooks registered before a
 * restart are answered even if nothing else touches A2A. The demo A2A peers are saved as builtin
 * agents once they serve their cards (demo/peers.ts orders them); neither blocks Loupe's start.
 */
async function boot({ opts, root, demos }: BootContext): Promise<void> {
  const a2a = getA2a();
  if (!opts.demo) return;
  for (const demo of demos.a2a ?? []) {
    void demo
      .start({ root })
      .then((input) => a2a.create(input, { id: demo.id, builtin: true }))
      .catch((e: unknown) => demoFailed("a2a", demo, e));
  }
}

/** Saved header values and URL credentials, and the push tokens Loupe gave agents. */
function secrets(store: Parameters<ProtocolAdapter["secrets"]>[0]): string[] {
  const tokens = tableExists(store, "a2a_push") ? query<{ v: unknown }>(store, "SELECT token AS v FROM a2a_push").all() : [];
  return [...savedPeerSecrets(store, "a2a_agents"), ...strings(tokens.map((r) => r.v))];
}

/** A2A agents (lib/server/a2a/): what they plug into the shared core. */
export const a2aAdapter = {
  id: "a2a" as const,
  label: "A2A",
  peers: {
    list: () => getA2a().list(),
    has: (id: string) => getA2a().has(id),
    remove: (id: string, opts: { builtin: true }) => getA2a().remove(id, opts),
  },
  inbox,
  inboxScope: (row: InboxRowOf<"a2a">) => a2aReplayScope(row.agentId, row.taskId),
  inboxEntryScope: (entry) => {
    const request = entryPayload(entry, "a2a_request_state");
    return request ? a2aReplayScope(request.agentId, request.taskId) : null;
  },
  approvalScope: () => null,
  bundleUnits: [a2aTaskUnit],
  search: a2aSearch,
  retention: null,
  boot,
  secrets,
  testing: a2aTesting,
  leases: a2aLeases,
  closeAll: () => getA2a().closeAll(),
} satisfies ProtocolAdapter;
