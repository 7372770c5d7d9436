/**
 * Issue 22: a demo peer with `onRequest` is not started by boot but offered; its Start runs its
 * adapter's boot with only that demo, and the offer goes once the peer is saved. A builtin left by
 * an earlier launch that started it is removed at boot (its server is not running). A registry of
 * one adapter stands in for the production one (boot takes the registry as a parameter).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { BootContext, DemoPeers, ProtocolAdapter } from "@/lib/server/protocols/types";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-demo-on-request-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

const { boot } = await import("@/lib/server/boot");
const { demoOffers, startDemoOffer } = await import("@/lib/server/demo-offers");

const saved = new Map<string, { id: string; name: string; builtin?: boolean }>();
const booted: BootContext[] = [];
let starts = 0;
let server: Promise<{ name: string; url: string; headers: Record<string, string>; pollSeconds: number }> | undefined;
const startServer = () => {
  starts++;
  return Promise.resolve({ name: "Lazy demo", url: "http://127.0.0.1:1/", headers: {}, pollSeconds: 15 });
};
const adapter: ProtocolAdapter = {
  id: "langgraph",
  label: "Stand-in",
  peers: { list: () => [...saved.values()], has: (id) => saved.has(id), remove: (id) => void saved.delete(id) },
  inbox: null,
  inboxScope: () => null,
  inboxEntryScope: () => null,
  approvalScope: () => null,
  bundleUnits: [],
  search: null,
  retention: null,
  // As a protocol's boot does: start each demo it is handed, save it once up, without waiting.
  boot: (ctx) => {
    booted.push(ctx);
    if (ctx.opts.demo)
      for (const demo of ctx.demos.langgraph ?? [])
        void demo.start({ root: ctx.root }).then((input) => saved.set(demo.id, { id: demo.id, name: input.name, builtin: true }));
    return Promise.resolve();
  },
  secrets: () => [],
  testing: null,
  leases: null,
  closeAll: () => Promise.resolve(),
};
const demos: DemoPeers = {
  langgraph: [
    {
      id: "lazy",
      name: "Lazy demo",
      label: "The lazy demo",
      onRequest: "it is heavy",
      // Once per process, as DemoPeer.start promises: a second call answers the same server.
      start: () => (server ??= startServer()),
    },
  ],
};
const OPTS = {
  port: 0,
  host: "127.0.0.1",
  demo: true,
  open: false,
  mcp: [["node", "x.js"]],
  mcpUrl: [],
  agents: [],
  langgraph: ["http://127.0.0.1:2/"],
  dev: false,
};

describe("a demo that starts on request", () => {
  it("is offered, not started, by boot; Start starts it alone and the offer goes once it is saved", async () => {
    await boot(OPTS, demos, [adapter]);
    expect(starts).toBe(0);
    expect(saved.has("lazy")).toBe(false);
    expect(demoOffers()).toEqual([
      { protocol: "langgraph", id: "lazy", label: "The lazy demo", missing: [], start: { reason: "it is heavy", state: "offered" } },
    ]);
    expect(startDemoOffer("lazy").start?.state).toBe("starting");
    await expect.poll(() => demoOffers()).toEqual([]);
    expect(saved.get("lazy")).toEqual({ id: "lazy", name: "Lazy demo", builtin: true });
    expect(starts).toBe(1);
    // Its adapter's boot ran again with only that demo and none of the command-line peers.
    const again = booted.at(-1);
    expect(again?.demos.langgraph?.map((d) => d.id)).toEqual(["lazy"]);
    expect([again?.opts.mcp, again?.opts.langgraph]).toEqual([[], []]);
  });

  it("a later launch removes the builtin it left and offers it again", async () => {
    expect(saved.has("lazy")).toBe(true);
    await boot(OPTS, demos, [adapter]);
    expect(saved.has("lazy")).toBe(false);
    expect(demoOffers().map((o) => o.start?.state)).toEqual(["offered"]);
  });

  it("without the demo nothing is offered", async () => {
    await boot({ ...OPTS, demo: false }, demos, [adapter]);
    expect(demoOffers()).toEqual([]);
    expect(() => startDemoOffer("lazy")).toThrow(expect.objectContaining({ code: "not_found:demo" }));
  });
});
