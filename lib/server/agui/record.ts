import "server-only";
import type { AguiHumanRequest, AguiRunRecord } from "@/lib/contracts/agui";
import type { AguiStore } from "@/lib/server/agui/agui-store";
import type { Hub } from "@/lib/server/hub";

const local = (agentId: string, threadId: string) => ({
  connectionId: agentId,
  sessionKey: threadId,
  protocol: "agui" as const,
  direction: "local" as const,
  receivedAt: Date.now(),
  sourceTime: null,
});

/** Loupe's record of a run as it starts, ends or is settled after a restart (`agui_run`, on its thread). */
export function recordAguiRun(hub: Hub, run: AguiRunRecord): void {
  hub.record({ ...local(run.agentId, run.threadId), kind: "agui_run", raw: run });
}

/** A request as it leaves the store (the routes, the inbox, entries, bundles): who answered is the audit log's to say. */
export function shownAguiRequest(request: AguiHumanRequest): AguiHumanRequest {
  const { answeredBy: _answeredBy, ...shown } = request;
  return shown;
}

/** A human request's state (`agui_request`, on its thread): what the inbox and the thread pane follow. */
export function recordAguiRequest(hub: Hub, request: AguiHumanRequest): void {
  hub.record({ ...local(request.agentId, request.threadId), kind: "agui_request", raw: shownAguiRequest(request) });
}

/** Saves a request and records its new state; returns it. */
export function saveAguiRequest(hub: Hub, store: AguiStore, request: AguiHumanRequest): AguiHumanRequest {
  store.saveRequest(request);
  recordAguiRequest(hub, request);
  return request;
}
