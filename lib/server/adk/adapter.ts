import "server-only";
import { adkReplayScope, adkTesting } from "@/lib/server/adk/testing";
import { demoFailed } from "@/lib/server/demo-offers";
import { adkRequestId, type AgentServerInput } from "@/lib/contracts/agents";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { InboxRowOf } from "@/lib/contracts/inbox";
import { getAgents, type AgentRegistry } from "@/lib/server/adk/agents";
import { adkSessionUnit } from "@/lib/server/adk/bundle-unit";
import { adkLeases } from "@/lib/server/adk/leased";
import { AdkSessionSearch } from "@/lib/server/adk/search";
import { savedPeerSecrets } from "@/lib/server/bundles/secrets";
import { stableId } from "@/lib/server/peer-names";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import type { BootContext, DemoPeer, Keep, ProtocolAdapter } from "@/lib/server/protocols/types";
import { errorMessage } from "@/lib/values";

/**
 * Every interrupt of every ADK agent server and session (lib/server/adk/inbox.ts tracks them), each
 * named for the audit log as its answers are (adkRequestId), not by its call id alone.
 */
function inbox(): InboxRowOf<"adk">[] {
  return getAgents()
    .listInbox()
    .map((item) => ({ ...item, source: "adk" as const, requestKey: adkRequestId(item.agentId, item.sessionKey, item.key) }));
}

/**
 * Sessions with a pending (or failed, retryable) interrupt keep all their traffic; not a test
 * replay's, whose pauses no one answers (its session has no close: a loop of failing runs would
 * otherwise keep every one for good).
 */
function pending(): Keep {
  const adkSessions = getAgents()
    .listInbox()
    .filter((item) => item.status === "pending" || item.status === "failed")
    .filter((item) => !getReplayScopes().has("adk", adkReplayScope(item.agentId, item.sessionKey)))
    .map((item) => `${item.agentId}\n${item.sessionKey}`);
  return { adkSessions };
}

/**
 * A demo agent server (our api_server child) takes seconds to bundle its agents: it is listed as
 * starting at once and saved when up; Loupe does not wait for it. A failure shows on the agent.
 */
function startDemo(agents: AgentRegistry, demo: DemoPeer<AgentServerInput>, root: string): void {
  const placeholder = { name: demo.name, url: "http://127.0.0.1/", headers: {}, userId: "user" };
  agents.announce(placeholder, { id: demo.id, builtin: true });
  void demo
    .start({ root })
    .then((input) => agents.create(input, { id: demo.id, builtin: true }))
    .catch((e: unknown) => {
      demoFailed("adk", demo, e);
      agents.announce(placeholder, { id: demo.id, builtin: true, error: `${demo.label} did not start: ${errorMessage(e)}` });
    });
}

/** The --agent servers (a server that is down shows as such), the saved ones checked, then the demo agent. */
async function boot({ opts, root, demos }: BootContext): Promise<void> {
  const agents = getAgents();
  const preset = new Set<string>((demos.adk ?? []).map((d) => d.id));
  for (const url of opts.agents) {
    const id = stableId("agent", url);
    preset.add(id);
    await agents.create({ name: `ADK ${new URL(url).host}`, url, headers: {}, userId: "user" }, { id }).catch(() => undefined);
  }
  void agents.checkSaved({ except: preset }).catch(() => undefined);
  if (opts.demo) for (const demo of demos.adk ?? []) startDemo(agents, demo, root);
}

/** ADK agent servers (lib/server/adk/): what they plug into the shared core. */
export const adkAdapter = {
  id: "adk" as const,
  label: "ADK",
  peers: {
    list: () => getAgents().list(),
    has: (id: string) => getAgents().has(id),
    remove: (id: string) => getAgents().remove(id),
  },
  inbox,
  inboxScope: (row: InboxRowOf<"adk">) => adkReplayScope(row.agentId, row.sessionKey),
  /** loupe/inbox: a session's interrupts, whole. */
  inboxEntryScope: (entry) => {
    const session = entryPayload(entry, "inbox");
    return session ? adkReplayScope(session.agentId, session.sessionKey) : null;
  },
  approvalScope: () => null,
  bundleUnits: [adkSessionUnit],
  search: new AdkSessionSearch(getAgents),
  retention: {
    pending,
    keepsRows: null,
    // Runs go with their traffic; a run still going, or a session with a pending interrupt, stays.
    history: [
      {
        table: "agent_runs",
        at: "started_at",
        connection: "agent_id",
        session: "session_key",
        keeps: "json_extract(record, '$.status') = 'running'",
      },
      { table: "agent_unstored", entrySeq: "seq" },
    ],
  },
  boot,
  secrets: (store) => savedPeerSecrets(store, "agent_servers"),
  testing: adkTesting,
  leases: adkLeases,
  closeAll: () => getAgents().closeAll(),
} satisfies ProtocolAdapter;
