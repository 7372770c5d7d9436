import "server-only";
import { getLangGraph, LANGGRAPH_LEASE } from "@/lib/server/langgraph";
import { answerOwner, peerLeases } from "@/lib/server/peers/leased";

/**
 * LangGraph deployments under leases (issue 25): with several instances on one database, a
 * deployment's runs (their event streams), its interrupt poller and the syncing of its threads live
 * on the instance holding `langgraph:<id>`; a run, a cancel, a state update or an answer (a resume
 * run) raised elsewhere is forwarded there. The interrupts live on the LangGraph server: the instance
 * that takes over from a dead holder ends the runs it left in words and re-reads the open threads,
 * whose pending interrupts stay answerable (every instance's inbox lists them from the store).
 */
export const langgraphLeases = peerLeases({
  prefix: LANGGRAPH_LEASE,
  routes: "/api/langgraph/deployments",
  saved: () => getLangGraph().syncSaved(),
  open: (id, tookOver) => getLangGraph().takeOver(id, tookOver),
  close: (id) => Promise.resolve(getLangGraph().release(id)),
  // An answer: `/api/langgraph/requests/<request id>`; the request's deployment is read from the store.
  owner: answerOwner("/api/langgraph/requests", (requestId) => getLangGraph().store.getRequest(requestId)?.deploymentId),
});
