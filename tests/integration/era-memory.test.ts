import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";

// An `auto` connection remembers the era it found, in the data dir: a reconnect or a restarted
// Loupe connects without the server/discover probe (read off the recorded traffic), an edit of the
// command forgets it, and a server that changed era since is probed again.
const data = tempDir("loupe-era-memory-");
process.env.LOUPE_DATA_DIR = data.dir;

const LEGACY = path.join(process.cwd(), "tests/fixtures/legacy-probe-server.mjs");
const SWITCH = path.join(process.cwd(), "tests/fixtures/switch-era-server.mjs");
const registries: Registry[] = [];

function newRegistry(): Registry {
  const registry = new Registry(new Hub(openStore(data.dir)));
  registries.push(registry);
  return registry;
}

afterAll(async () => {
  for (const registry of registries) {
    await registry.closeAll();
    registry.hub.store.close();
  }
  data.cleanup();
});

/** How many server/discover requests Loupe has sent on this connection, from the recorded frames. */
function discoverSent(registry: Registry, id: string): number {
  return registry
    .traffic(id, { limit: 2000 })
    .filter((e) => e.kind === "message" && e.direction === "out" && (e.raw as { method?: string }).method === "server/discover").length;
}

function eraFallbacks(registry: Registry, id: string): string[] {
  return registry
    .traffic(id, { limit: 2000 })
    .filter((e) => e.kind === "era_fallback")
    .map((e) => (e.raw as { reason: string }).reason);
}

describe("remembered era", () => {
  it("a silent legacy server: probed once, then reconnects and a restarted Loupe skip the probe", async () => {
    const registry = newRegistry();
    const first = await registry.create(stdioInput("silent", [LEGACY, "--discover", "ignore"], { requestTimeoutMs: 60_000 }));
    expect(first.state.status).toBe("connected");
    expect(first.state.era?.mode).toBe("legacy");
    expect(first.state.era?.why).toMatch(/no answer/);
    expect(discoverSent(registry, first.id)).toBe(1);
    // Like the database: only Loupe's user may read what it remembers of its servers.
    expect(statSync(path.join(data.dir, "era-verdicts.json")).mode & 0o777).toBe(0o600);

    const again = await registry.connect(first.id);
    expect(again.state.status).toBe("connected");
    expect(again.state.era?.mode).toBe("legacy");
    expect(again.state.era?.why).toMatch(/remembered from .*Reconnect with re-probe to check again/);
    expect(again.state.era?.rememberedAt).toBeGreaterThan(0);
    expect(discoverSent(registry, first.id)).toBe(1);
    expect((await registry.callTool(first.id, { name: "hello", arguments: {} })).status).toBe("ok");
    await registry.closeAll();

    // Another Loupe process over the same data dir.
    const restarted = newRegistry();
    const view = await restarted.connect(first.id);
    expect(view.state.status).toBe("connected");
    expect(view.state.era?.why).toMatch(/remembered from/);
    expect(discoverSent(restarted, first.id)).toBe(1);
    await restarted.closeAll();
  }, 60_000);

  it("editing the command forgets the verdict; Re-detect era probes again", async () => {
    const registry = newRegistry();
    const input = stdioInput("refusing", [LEGACY, "--discover", "error"]);
    const { id } = await registry.create(input);
    await registry.connect(id);
    expect(discoverSent(registry, id)).toBe(1);

    const editedInput = { ...input, args: [LEGACY, "--discover", "error", "--note", "edited"] };
    const edited = await registry.update(id, editedInput);
    expect(edited.state.status).toBe("connected");
    expect(edited.state.era?.why).toMatch(/refused \(JSON-RPC -32601/);
    expect(discoverSent(registry, id)).toBe(2);

    // Pinned and back to auto: probed again, not the verdict from before the pin.
    await registry.update(id, { ...editedInput, protocolEra: "2025-11-25" });
    const auto = await registry.update(id, { ...editedInput, protocolEra: "auto" });
    expect(auto.state.era?.why).toMatch(/refused \(JSON-RPC -32601/);
    expect(discoverSent(registry, id)).toBe(3);

    const redetected = await registry.redetectEra(id);
    expect(redetected.state.era?.why).toMatch(/refused \(JSON-RPC -32601/);
    expect(discoverSent(registry, id)).toBe(4);
    await registry.closeAll();
  }, 60_000);

  it("a server that changed era since is probed again, once, and then connects", async () => {
    const registry = newRegistry();
    const modeFile = path.join(data.dir, "era-mode");
    writeFileSync(modeFile, "legacy");
    const { id } = await registry.create(stdioInput("switching", [SWITCH, modeFile]));
    expect(registry.get(id)?.state.era?.mode).toBe("legacy");

    // Remembered legacy, the server now refuses initialize.
    writeFileSync(modeFile, "modern");
    const modern = await registry.connect(id);
    expect(modern.state.error?.message).toBeUndefined();
    expect(modern.state.era?.mode).toBe("modern");
    expect(modern.state.era?.why).toMatch(/server\/discover answered/);
    expect(discoverSent(registry, id)).toBe(2);
    expect(eraFallbacks(registry, id)).toEqual([expect.stringMatching(/remembered legacy era no longer holds.*-32601/)]);

    // Remembered modern (adopted without a round trip), the server now refuses 2026-07-28 (-32022).
    writeFileSync(modeFile, "legacy-v2");
    const legacy = await registry.connect(id);
    expect(legacy.state.error?.message).toBeUndefined();
    expect(legacy.state.era?.mode).toBe("legacy");
    expect(legacy.state.era?.why).toMatch(/refused \(JSON-RPC -32601/);
    expect(discoverSent(registry, id)).toBe(3);
    expect(eraFallbacks(registry, id)[1]).toMatch(/remembered modern era no longer holds.*Unsupported protocol version/);
    expect((await registry.callTool(id, { name: "hello", arguments: {} })).status).toBe("ok");
    await registry.closeAll();
  }, 60_000);

  it("an http connection that falls back to SSE keeps its verdict for SSE: its Streamable HTTP 4xx neither uses nor forgets it", async () => {
    const registry = newRegistry();
    const sse = await startEverythingHttp("sse", { port: 7361 });
    try {
      const input = {
        name: "everything sse",
        transport: "http" as const,
        url: `http://127.0.0.1:7361/sse`,
        headers: {},
        requestTimeoutMs: 20_000,
      };
      const view = await registry.create(input);
      expect(view.state.transportUsed).toBe("sse");
      expect(view.state.era?.mode).toBe("legacy");
      const first = discoverSent(registry, view.id);
      const again = await registry.connect(view.id);
      expect(again.state.status).toBe("connected");
      expect(again.state.transportUsed).toBe("sse");
      expect(again.state.era?.why).toMatch(/remembered from/);
      expect(eraFallbacks(registry, view.id)).toEqual([]);
      // Only the Streamable HTTP attempt probes again; the SSE session does not.
      expect(discoverSent(registry, view.id) - first).toBeLessThan(first);
      expect((await registry.callTool(view.id, { name: "get-sum", arguments: { a: 2, b: 3 } })).status).toBe("ok");
    } finally {
      await registry.closeAll();
      await sse.stop();
    }
  }, 60_000);

  it("the demo server (both eras) and server-everything: a modern verdict is adopted, a legacy one reused", async () => {
    const registry = newRegistry();
    const launch = demoServerLaunch();
    const demo = await registry.create(stdioInput("demo", launch.args, { command: launch.command, env: launch.env }));
    expect(demo.state.era?.mode).toBe("modern");
    const demoAgain = await registry.connect(demo.id);
    expect(demoAgain.state.status).toBe("connected");
    expect(demoAgain.state.era?.mode).toBe("modern");
    expect(demoAgain.state.era?.why).toMatch(/remembered from/);
    expect(discoverSent(registry, demo.id)).toBe(1);

    const everything = await startEverythingHttp("streamableHttp", { port: 7360 });
    try {
      const input = {
        name: "everything",
        transport: "http" as const,
        url: `http://127.0.0.1:7360/mcp`,
        headers: {},
        requestTimeoutMs: 20_000,
      };
      const view = await registry.create(input);
      const mode = view.state.era?.mode;
      expect(view.state.status).toBe("connected");
      const sent = discoverSent(registry, view.id);
      const again = await registry.connect(view.id);
      expect(again.state.status).toBe("connected");
      expect(again.state.era?.mode).toBe(mode);
      expect(again.state.era?.why).toMatch(/remembered from/);
      expect(discoverSent(registry, view.id)).toBe(sent);
      expect((await registry.callTool(view.id, { name: "get-sum", arguments: { a: 2, b: 3 } })).status).toBe("ok");
    } finally {
      await registry.closeAll();
      await everything.stop();
    }
  }, 90_000);
});
