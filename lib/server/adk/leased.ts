import "server-only";
import { ADK_LEASE, getAgents } from "@/lib/server/adk/agents";
import { peerLeases } from "@/lib/server/peers/leased";

/**
 * ADK agent servers under leases (issue 25): with several instances on one database, the runs of a
 * saved server (`/run_sse` streams, answers sent as new runs, aborts) go through the instance holding
 * `adk:<id>`; the one that takes it over from a dead holder fails the runs left streaming and answers
 * the pending requests of its sessions.
 */
export const adkLeases = peerLeases({
  prefix: ADK_LEASE,
  routes: "/api/agents",
  saved: () => getAgents().syncSaved(),
  open: (id, tookOver) => getAgents().takeOver(id, tookOver),
  close: (id) =>
    getAgents()
      .runs.abortAll(id)
      .then(() => undefined),
  state: (id) => (getAgents().has(id) ? getAgents().get(id).state : null),
});
