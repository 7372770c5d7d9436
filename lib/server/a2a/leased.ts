import "server-only";
import { getA2a } from "@/lib/server/a2a";
import { A2A_LEASE } from "@/lib/server/a2a/registry";
import { answerOwner, peerLeases } from "@/lib/server/peers/leased";

/**
 * A2A agents under leases (issue 25): with several instances on one database, an agent's streams
 * (message/stream, resubscribe) are opened by the instance holding `a2a:<id>`; a message, a cancel,
 * a refresh or an answer (which continues the task with a new message) raised elsewhere is forwarded
 * there. The instance that takes over from a dead holder resubscribes to the tasks it left running,
 * or marks them lost in words (lib/server/a2a/taken-over.ts).
 */
export const a2aLeases = peerLeases({
  prefix: A2A_LEASE,
  routes: "/api/a2a/agents",
  saved: () => getA2a().syncSaved(),
  open: (id, tookOver) => getA2a().takeOver(id, tookOver),
  close: (id) => Promise.resolve(getA2a().closeStreams(id)),
  state: (id) => (getA2a().has(id) ? getA2a().get(id).state.status : null),
  // An answer: `/api/a2a/requests/<request id>`; the request's agent is read from the store.
  owner: answerOwner("/api/a2a/requests", (requestId) => getA2a().tasks.getRequest(requestId)?.agentId),
});
