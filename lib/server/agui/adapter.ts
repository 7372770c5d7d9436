import "server-only";
import { aguiReplayScope, aguiTesting } from "@/lib/server/agui/testing";
import { demoFailed } from "@/lib/server/demo-offers";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { getAgui } from "@/lib/server/agui";
import { aguiRunUnit } from "@/lib/server/agui/bundle-unit";
import { aguiLeases } from "@/lib/server/agui/leased";
import { aguiSearch } from "@/lib/server/agui/search";
import { savedPeerSecrets } from "@/lib/server/bundles/secrets";
import type { BootContext, ProtocolAdapter } from "@/lib/server/protocols/types";

/** Front-end tool calls and interrupts the runs left. */
function inbox(): InboxRowOf<"agui">[] {
  return getAgui()
    .listRequests()
    .map((request) => ({ ...request, source: "agui" as const }));
}

/** The demo AG-UI agent (a loopback server inside Loupe's process): saved as builtin, its front-end tools declared. */
async function boot({ opts, root, demos }: BootContext): Promise<void> {
  if (!opts.demo) return;
  for (const demo of demos.agui ?? []) {
    void demo
      .start({ root })
      .then((input) => getAgui().create(input, { id: demo.id, builtin: true }))
      .catch((e: unknown) => demoFailed("agui", demo, e));
  }
}

/** AG-UI agents (lib/server/agui/): what they plug into the shared core. */
export const aguiAdapter = {
  id: "agui" as const,
  label: "AG-UI",
  peers: {
    list: () => getAgui().list(),
    has: (id: string) => getAgui().has(id),
    remove: (id: string, opts: { builtin: true }) => getAgui().remove(id, opts),
  },
  inbox,
  inboxScope: (row: InboxRowOf<"agui">) => aguiReplayScope(row.agentId, row.threadId),
  inboxEntryScope: (entry) => {
    const request = entryPayload(entry, "agui_request");
    return request ? aguiReplayScope(request.agentId, request.threadId) : null;
  },
  approvalScope: () => null,
  bundleUnits: [aguiRunUnit],
  search: aguiSearch,
  retention: {
    pending: null,
    keepsRows: null,
    // Run records go with their traffic; threads and human requests are records and stay.
    history: [
      {
        table: "agui_runs",
        at: "started_at",
        connection: "agent_id",
        session: "thread_id",
        keeps: "json_extract(record, '$.status') IN ('running', 'interrupted')",
      },
    ],
  },
  boot,
  // AG-UI runs carry no other credential Loupe holds than the agents' headers.
  secrets: (store) => savedPeerSecrets(store, "agui_agents"),
  testing: aguiTesting,
  leases: aguiLeases,
  closeAll: () => getAgui().closeAll(),
} satisfies ProtocolAdapter;
