import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

// Issue 25 with issue 22: on a shared store the instance holding a saved server's lease connects it
// (mcpLeases.open, from the cluster keeper's round), not boot. A demo server still waits until Loupe
// serves (lib/launcher/serving.ts), as boot makes it wait on one instance; another server does not.
const data = tempDir("loupe-leased-serving-");
process.env.LOUPE_DATA_DIR = data.dir;

const { installServingGate } = await import("@/lib/launcher/serving");
const gate = installServingGate();
const { mcpLeases } = await import("@/lib/server/mcp/leased");
const { getRegistry } = await import("@/lib/server/mcp/registry");

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("a leased MCP server opened before Loupe serves", () => {
  it("a demo server waits for the serving gate; a saved one connects at once", async () => {
    const registry = getRegistry();
    await registry.create(stdioInput("demo under a lease", [EVERYTHING, "stdio"]), { id: "demo-leased", builtin: true, connect: false });
    await registry.create(stdioInput("saved under a lease", [EVERYTHING, "stdio"]), { id: "saved-leased", connect: false });
    const demo = mcpLeases.open("demo-leased", null);
    await mcpLeases.open("saved-leased", null);
    expect(registry.get("saved-leased")?.state.status).toBe("connected");
    expect(registry.get("demo-leased")?.state.status).toBe("idle");
    gate.open();
    await demo;
    expect(registry.get("demo-leased")?.state.status).toBe("connected");
  }, 60_000);
});
