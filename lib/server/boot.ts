import "server-only";
import type { BootOptions } from "@/lib/launcher/cli";
import { setDemoOffers, splitDemos } from "@/lib/server/demo-offers";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { DemoPeers, PeerService, ProtocolRegistry } from "@/lib/server/protocols/types";
import { startRetention } from "@/lib/server/retention-run";
import { getStore } from "@/lib/server/store";

/**
 * Without the demo (`--no-demo`) its peers are not started: their saved builtin peers (from an
 * earlier launch with the demo) would point at nothing, so they go. Only demo peers are builtin.
 */
async function removeBuiltins(peers: PeerService): Promise<void> {
  for (const peer of peers.list()) if (peer.builtin) await peers.remove(peer.id, { builtin: true });
}

/**
 * Starts what Loupe serves beside the routes: retention first (old traffic goes before anything
 * replays it: LOUPE_RETENTION_DAYS / _MB, then hourly), then each protocol in the registry's order
 * (its adapter's `boot`: MCP's apps host, tap endpoint and connections, the agents, the demo peers
 * `demos` lists — handed in by the composition root, instrumentation.ts). None blocks on a peer.
 * A demo whose packages this install lacks (the npm package's) is offered instead (GET /api/demos).
 */
export async function boot(opts: BootOptions, demos: DemoPeers = {}, registry: ProtocolRegistry = PROTOCOL_ADAPTERS): Promise<void> {
  startRetention(getStore());
  const root = process.env.LOUPE_ROOT ?? process.cwd();
  const { runnable, offers } = splitDemos(demos, root);
  setDemoOffers(opts.demo ? offers : []);
  for (const adapter of registry) {
    if (!opts.demo && adapter.peers) await removeBuiltins(adapter.peers);
    await adapter.boot?.({ opts, root, demos: runnable });
  }
}
