import { readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, freePort, stdioInput, tempDir } from "@/tests/support/servers";

// Issue 22: the demo peers start only once Loupe has answered (lib/launcher/serving.ts), so boot —
// which Next awaits before its first answer — never waits for them, and they run below Loupe's
// priority. The gate is installed as the launcher does before Next runs instrumentation.ts.
const data = tempDir("loupe-boot-gate-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_APPS_PORT = String(await freePort());

const { installServingGate } = await import("@/lib/launcher/serving");
const gate = installServingGate();
const { boot } = await import("@/lib/server/boot");
const { getRegistry } = await import("@/lib/server/mcp/registry");
const { stopAppsHost } = await import("@/lib/server/mcp/apps/apps-sandbox");
const { DEMO_PEERS } = await import("@/demo/peers");
const { DEMO_NICENESS, spawnGroup } = await import("@/demo/process-group");

const OPTS = { port: 0, host: "127.0.0.1", demo: true, open: false, mcp: [], mcpUrl: [], agents: [], langgraph: [], dev: false };
const settled = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

afterAll(async () => {
  // The demo AG-UI agent the second test started (demo/peers.ts keeps it on globalThis).
  const agui: unknown = Reflect.get(globalThis, Symbol.for("loupe.demoAguiAgent"));
  if (agui instanceof Promise) await agui.then((demo: { close(): Promise<void> }) => demo.close()).catch(() => undefined);
  await getRegistry().closeAll();
  await stopAppsHost();
  data.cleanup();
});

describe("the demo peers wait until Loupe serves", () => {
  it("boot returns with the demo MCP server listed, not started; it connects once the gate opens", async () => {
    const demo = {
      id: "demo-gated",
      name: "gated demo",
      label: "The gated demo",
      start: () => Promise.resolve(stdioInput("gated demo", [EVERYTHING, "stdio"])),
    };
    await boot(OPTS, { mcp: [demo] });
    await new Promise((r) => setTimeout(r, 300));
    expect(getRegistry().get("demo-gated")?.state.status).toBe("idle");
    gate.open();
    await expect.poll(() => getRegistry().get("demo-gated")?.state.status, { timeout: 30_000 }).toBe("connected");
  }, 60_000);

  it("a demo peer of demo/peers.ts starts only once the gate opens", async () => {
    // The gate of this process is open by now; a fresh one is what a launch has before its first answer.
    Reflect.deleteProperty(globalThis, Symbol.for("loupe.serving"));
    const fresh = installServingGate();
    const started = DEMO_PEERS.agui?.[0]?.start({ root: process.cwd() });
    if (!started) throw new Error("no demo AG-UI agent in DEMO_PEERS");
    expect(await settled(started, 500)).toBe(false);
    fresh.open();
    const input = await started;
    expect(input.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  }, 30_000);

  it("a demo server runs below Loupe's priority, with a small young generation", async () => {
    const group = spawnGroup(["-e", "setTimeout(() => {}, 10000)"], { cwd: process.cwd(), env: process.env });
    try {
      expect(getPriority(group.child.pid)).toBe(DEMO_NICENESS);
      // V8 reads the flag: a 1 MiB semi space (idle PSS of the demo servers 343 → 247 MiB here).
      const flags = readFileSync(`/proc/${group.child.pid}/cmdline`, "utf8").split("\0");
      expect(flags).toContain("--max-semi-space-size=1");
    } finally {
      await group.stop();
    }
  });
});
