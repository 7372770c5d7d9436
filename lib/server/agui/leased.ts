import "server-only";
import { AGUI_LEASE, getAgui } from "@/lib/server/agui";
import { answerOwner, peerLeases } from "@/lib/server/peers/leased";

/**
 * AG-UI agents under leases (issue 25): with several instances on one database, an agent's runs
 * (their HTTP event streams) are opened by the instance holding `agui:<id>`; a run, an abort or an
 * answer (which starts the next run) raised elsewhere is forwarded there. AG-UI has no resume: the
 * instance that takes over from a dead holder closes what its runs left, in words.
 */
export const aguiLeases = peerLeases({
  prefix: AGUI_LEASE,
  routes: "/api/agui/agents",
  saved: () => getAgui().syncSaved(),
  open: (id, tookOver) => Promise.resolve(getAgui().takeOver(id, tookOver)),
  close: (id) => Promise.resolve(getAgui().closeRuns(id)),
  // An answer to a request: `/api/agui/requests/<request id>`; the request's agent is read from the store.
  owner: answerOwner("/api/agui/requests", (requestId) => getAgui().store.getRequest(requestId)?.agentId),
});
