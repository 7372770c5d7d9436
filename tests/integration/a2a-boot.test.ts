import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "@/tests/support/servers";

// Boot without the demo (`--no-demo`): the demo A2A peers are not started, so their saved builtin
// agents (from an earlier launch with the demo) must go, as the demo ADK and AG-UI agents do.
const data = tempDir("loupe-a2a-boot-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_APPS_PORT = "7200";

const { boot } = await import("@/lib/server/boot");
const { DEMO_A2A_ID, DEMO_ADK_A2A_ID } = await import("@/demo/peers");
const { getA2a } = await import("@/lib/server/a2a");
const { stopAppsHost } = await import("@/lib/server/mcp/apps/apps-sandbox");

beforeAll(async () => {
  // An earlier launch with the demo saved both (their peers are gone now: nothing listens there).
  await getA2a().registerBuiltin({
    id: DEMO_A2A_ID,
    name: "Loupe demo A2A agent",
    url: "http://127.0.0.1:7201/.well-known/agent-card.json",
  });
  await getA2a().registerBuiltin({
    id: DEMO_ADK_A2A_ID,
    name: "Loupe demo ADK agent (A2A)",
    url: "http://127.0.0.1:7202/a2a/x/.well-known/agent-card.json",
  });
  await getA2a().create({ name: "mine", url: "http://127.0.0.1:7203/.well-known/agent-card.json", headers: {} }, { id: "mine" });
});

afterAll(async () => {
  await getA2a().closeAll();
  await stopAppsHost();
  data.cleanup();
});

describe("boot --no-demo and the demo A2A agents", () => {
  it("a user cannot remove a builtin agent", () => {
    expect(() => getA2a().remove(DEMO_A2A_ID)).toThrow(/cannot be removed/);
  });

  it("removes the builtin demo A2A agents, saved and listed, and keeps the user's agents", async () => {
    await boot({ port: 0, host: "127.0.0.1", demo: false, open: false, mcp: [], mcpUrl: [], agents: [], langgraph: [], dev: false });
    const ids = getA2a()
      .list()
      .map((a) => a.id);
    expect(ids).not.toContain(DEMO_A2A_ID);
    expect(ids).not.toContain(DEMO_ADK_A2A_ID);
    expect(ids).toContain("mine");
    expect(
      getA2a()
        .a2aStore.listAgents()
        .map((a) => a.id),
    ).toEqual(["mine"]);
  });
});
