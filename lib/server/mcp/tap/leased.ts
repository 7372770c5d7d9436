import "server-only";
import type { LeasedResources } from "@/lib/server/cluster/leased";
import { getCluster, instanceNamed } from "@/lib/server/cluster/service";
import { getApprovals } from "@/lib/server/approvals";
import { MCP_LEASE } from "@/lib/server/mcp/held-view";
import { loadOf } from "@/lib/server/mcp/tap/load";
import { closeTapHost } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { adoptLeftApprovals } from "@/lib/server/mcp/tap/taken-over";

/** Taps' leases are `tap:<tap id>`. */
export const TAP_LEASE = "tap";

/** An answer to one approval: sent to the instance whose tap waits for it (its gate is there). */
const APPROVAL_ROUTE = /^\/api\/approvals\/([^/]+)$/;

function route(method: string, pathname: string): string | undefined {
  const id = method === "POST" ? APPROVAL_ROUTE.exec(pathname)?.[1] : undefined;
  if (!id) return undefined;
  try {
    const approval = getApprovals().get(decodeURIComponent(id));
    return approval.origin.kind === "tap" && approval.status === "pending" ? approval.origin.tapId : undefined;
  } catch {
    return undefined; // unknown (or a bad escape): the route here answers it in words
  }
}

/**
 * A tap turned on here is held here at once, with its server (this instance holds `mcp:<id>`: the tap
 * route runs on it): until the keeper's next round took it, nobody held the tap, so an approval its
 * call waited for was answered on whichever instance got the answer — another one refused it as stale.
 */
export async function claimTap(tapId: string, connectionId: string): Promise<void> {
  const cluster = getCluster();
  if (cluster && holds(`${MCP_LEASE}:${connectionId}`)) await cluster.keeper.claim(TAP_LEASE, tapId);
}

function holds(resource: string): boolean {
  return getCluster()?.runtime.holds(resource) === true;
}

/**
 * Taps under leases (issue 25): with several instances on one database, each tap's sessions and
 * its calls live on the instance holding `tap:<id>`, which is the instance holding its (first)
 * upstream connection's `mcp:<id>` — a tap is only "saved" here while that is so, so the keeper
 * takes it after the connection and lets it go with it, and the two never sit apart. A tapped
 * client's request reaching another instance is relayed to the holder (relay.ts). When the holder
 * dies, the instance that takes its connection over takes the tap too, and with it the approvals the
 * dead one left waiting (taken-over.ts).
 */
export const tapLeases: LeasedResources = {
  prefix: TAP_LEASE,
  saved: () =>
    getTaps()
      .list()
      .filter((tap) => tap.connectionIds[0] !== undefined && holds(`${MCP_LEASE}:${tap.connectionIds[0]}`))
      .map((tap) => tap.id),
  async open(id, tookOver) {
    const cluster = getCluster();
    const tap = getTaps().get(id);
    if (!cluster || !tap) return;
    // An aggregate tap's other servers come along when nobody else holds them (else they answer from there: not at all).
    for (const connectionId of tap.connectionIds.slice(1)) await cluster.keeper.claim(MCP_LEASE, connectionId);
    if (!tookOver) return;
    const from = instanceNamed(tookOver);
    const here = instanceNamed(cluster.runtime.id);
    loadOf(id).takenOver =
      `This session was served by ${from}, which stopped; ${here} took the tap over and knows none of its sessions. ` +
      "Initialize again to go on (a call that waited for an approval is in Loupe's inbox: approving it runs it here).";
    adoptLeftApprovals(id, from, here);
  },
  close: (id) => closeTapHost(id),
  state: () => null,
  route,
};
