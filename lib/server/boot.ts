import "server-only";
import type { BootOptions } from "@/lib/launcher/cli";
import { setDemoOffers, setDemoStarts, splitDemos, type OnRequestDemo } from "@/lib/server/demo-offers";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { DemoPeers, PeerService, ProtocolRegistry } from "@/lib/server/protocols/types";
import { startRetention } from "@/lib/server/retention-run";
import { getStore } from "@/lib/server/store";
import { getPeople } from "@/lib/server/people";
import { startCluster } from "@/lib/server/cluster/service";
import { approvalWaitsOn } from "@/lib/server/approvals/route";
import { testRunOn } from "@/lib/server/testing/route";

/**
 * Without the demo (`--no-demo`) its peers are not started: their saved builtin peers (from an
 * earlier launch with the demo) would point at nothing, so they go. Only demo peers are builtin.
 * `only`: just these ids (an on-request demo not started yet).
 */
async function removeBuiltins(peers: PeerService, only?: ReadonlySet<string>): Promise<void> {
  for (const peer of peers.list()) if (peer.builtin && (!only || only.has(peer.id))) await peers.remove(peer.id, { builtin: true });
}

/** How long an on-request demo may take to be saved once its server answers (its adapter's create). */
const SAVE_WAIT_MS = 10_000;

/**
 * Starts one on-request demo: its server first (DemoPeer.start runs once per process, so the
 * adapter's boot below gets the same one at once), then its adapter's boot with only that demo and
 * none of the command-line peers, which saves it as a builtin peer; resolves once it is listed.
 */
async function startOnRequest(registry: ProtocolRegistry, { protocol, demo }: OnRequestDemo, opts: BootOptions, root: string) {
  const adapter = registry.find((a) => a.id === protocol);
  if (!adapter?.boot || !adapter.peers) throw new Error(`${demo.label} has no protocol to start it`);
  await demo.start({ root });
  const demos: DemoPeers = {};
  Object.assign(demos, { [protocol]: [demo] });
  const bare: BootOptions = { ...opts, demo: true, mcp: [], mcpUrl: [], agents: [], langgraph: [], mcpConfig: undefined };
  await adapter.boot({ opts: bare, root, demos });
  for (let waited = 0; !adapter.peers.has(demo.id); waited += 50) {
    if (waited > SAVE_WAIT_MS) throw new Error(`${demo.label} started but was not saved`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts what Loupe serves beside the routes: retention first (old traffic goes before anything
 * replays it: LOUPE_RETENTION_DAYS / _MB, then hourly), then each protocol in the registry's order
 * (its adapter's `boot`: MCP's apps host, tap endpoint and connections, the agents, the demo peers
 * `demos` lists — handed in by the composition root, instrumentation.ts). None blocks on a peer.
 * A demo whose packages this install lacks (the npm package's) is offered instead (GET /api/demos);
 * one that starts on request (DemoPeer.onRequest) is offered with a Start (POST /api/demos/<id>/start).
 */
export async function boot(opts: BootOptions, demos: DemoPeers = {}, registry: ProtocolRegistry = PROTOCOL_ADAPTERS): Promise<void> {
  // Several instances on one PostgreSQL database (issue 25): leases decide which one opens each
  // upstream resource the adapters declare. A Loupe on its own SQLite file runs as it always has.
  const store = getStore();
  const cluster =
    store.engine.kind === "sqlite"
      ? undefined
      : startCluster(
          store,
          instanceAddress(opts),
          registry.flatMap((a) => a.leases ?? []),
          [approvalWaitsOn, testRunOn],
        );
  startRetention(store);
  // Team mode's gate (lib/launcher/team/) finds the people directory on globalThis: made here, first.
  getPeople();
  const root = process.env.LOUPE_ROOT ?? process.cwd();
  const { runnable, offers, onRequest } = splitDemos(demos, root);
  setDemoOffers(opts.demo ? offers : []);
  setDemoStarts(new Map(opts.demo ? onRequest.map((d) => [d.demo.id, () => startOnRequest(registry, d, opts, root)]) : []));
  // An on-request demo saved by an earlier launch points at a server that is not running.
  const waiting = new Set(onRequest.map((d) => d.demo.id));
  for (const adapter of registry) {
    if (adapter.peers) await removeBuiltins(adapter.peers, opts.demo ? waiting : undefined);
    await adapter.boot?.({ opts, root, demos: runnable });
  }
  cluster?.keep();
}

/** How the other instances name this one: LOUPE_INSTANCE_NAME with where it listens, else where it listens. */
function instanceAddress(opts: BootOptions): string {
  const where = `${opts.host}:${process.env.LOUPE_PORT ?? opts.port}`;
  const named = process.env.LOUPE_INSTANCE_NAME?.trim();
  return named ? `${named} (${where})` : `Loupe on ${where}`;
}
