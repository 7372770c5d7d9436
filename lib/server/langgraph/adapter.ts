import "server-only";
import { langgraphTesting, lgReplayScope } from "@/lib/server/langgraph/testing";
import { demoFailed } from "@/lib/server/demo-offers";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { savedPeerSecrets } from "@/lib/server/bundles/secrets";
import { getLangGraph } from "@/lib/server/langgraph";
import { lgThreadUnit } from "@/lib/server/langgraph/bundle-unit";
import { langgraphLeases } from "@/lib/server/langgraph/leased";
import { lgSearch } from "@/lib/server/langgraph/search";
import { stableId } from "@/lib/server/peer-names";
import type { BootContext, ProtocolAdapter } from "@/lib/server/protocols/types";

/** Interrupts of every deployment's threads (a look for new ones starts behind the read, throttled). */
function inbox(): InboxRowOf<"langgraph">[] {
  return getLangGraph()
    .listRequests()
    .map((request) => ({ ...request, source: "langgraph" as const }));
}

/** The --langgraph deployments (one that is down shows as such), then the demo deployment; Loupe's start never waits on one. */
async function boot({ opts, root, demos }: BootContext): Promise<void> {
  const lg = getLangGraph();
  for (const url of opts.langgraph) {
    const name = `LangGraph ${new URL(url).host}`;
    void lg.create({ name, url, headers: {}, pollSeconds: 15 }, { id: stableId("langgraph", url) }).catch(() => undefined);
  }
  if (!opts.demo) return;
  for (const demo of demos.langgraph ?? []) {
    void demo
      .start({ root })
      .then((input) => lg.create(input, { id: demo.id, builtin: true }))
      .catch((e: unknown) => demoFailed("langgraph", demo, e));
  }
}

/** LangGraph deployments (lib/server/langgraph/): what they plug into the shared core. */
export const langgraphAdapter = {
  id: "langgraph" as const,
  label: "LangGraph",
  peers: {
    list: () => getLangGraph().list(),
    has: (id: string) => getLangGraph().has(id),
    remove: (id: string, opts: { builtin: true }) => getLangGraph().remove(id, opts),
  },
  inbox,
  inboxScope: (row: InboxRowOf<"langgraph">) => lgReplayScope(row.deploymentId, row.threadId),
  inboxEntryScope: (entry) => {
    const request = entryPayload(entry, "lg_request");
    return request ? lgReplayScope(request.deploymentId, request.threadId) : null;
  },
  approvalScope: () => null,
  bundleUnits: [lgThreadUnit],
  search: lgSearch,
  // The threads and their checkpoints live on the server; Loupe's record of them ages like any traffic.
  retention: {
    pending: null,
    keepsRows: null,
    // Run records go with their traffic; threads and interrupts are records and stay.
    history: [
      {
        table: "langgraph_runs",
        at: "started_at",
        connection: "deployment_id",
        session: "thread_id",
        keeps: "json_extract(record, '$.status') IN ('running', 'interrupted')",
      },
    ],
  },
  boot,
  // Deployments carry no other credential Loupe holds than their headers (and a URL's userinfo).
  secrets: (store) => savedPeerSecrets(store, "langgraph_deployments"),
  testing: langgraphTesting,
  leases: langgraphLeases,
  closeAll: () => getLangGraph().closeAll(),
} satisfies ProtocolAdapter;
