import "server-only";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import type { LgHumanRequest, LgRunRecord } from "@/lib/contracts/langgraph";
import type { Hub } from "@/lib/server/hub";

type LgEntryKind = "lg_input" | "lg_event" | "lg_malformed" | "lg_run" | "lg_request";

const DIRECTION = { lg_input: "out", lg_event: "in", lg_malformed: "in", lg_run: "local", lg_request: "local" } as const;

/** Records one LangGraph entry on its thread (connectionId = the deployment, sessionKey = the thread). */
export function recordLg<K extends LgEntryKind>(
  hub: Hub,
  where: { deploymentId: string; threadId: string },
  kind: K,
  raw: EntryPayload<K>,
  receivedAt = Date.now(),
): void {
  hub.record<K>({
    connectionId: where.deploymentId,
    sessionKey: where.threadId,
    protocol: "langgraph",
    direction: DIRECTION[kind],
    kind,
    raw,
    receivedAt,
    sourceTime: null,
  });
}

/** The run as it starts, ends or is settled after a restart. */
export function recordLgRun(hub: Hub, run: LgRunRecord): void {
  recordLg(hub, run, "lg_run", run);
}

/** A request as it leaves the store (the routes, the inbox, entries, bundles): who answered is the audit log's to say. */
export function shownLgRequest(request: LgHumanRequest): LgHumanRequest {
  const { answeredBy: _answeredBy, ...shown } = request;
  return shown;
}

/** A request's new state: what the inbox and the thread pane follow. */
export function recordLgRequest(hub: Hub, request: LgHumanRequest): void {
  recordLg(hub, request, "lg_request", shownLgRequest(request));
}
