import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { RunRecord } from "@/lib/contracts/agents";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-adk-crash-");
let server: AgentServer;
let agents: AgentRegistry;

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  agents = new AgentRegistry(new Hub(openStore(data.dir)));
});

afterAll(async () => {
  await agents.closeAll();
  agents.hub.store.close();
  await server.stop();
  data.cleanup();
});

describe("the agent server dies mid-run", () => {
  // 15000 events: more than loopback socket buffers hold (~7700 got through here), so the kill
  // always lands mid-stream; the agent writes the whole burst only once it has made every event.
  it("fails the run with a clear message and keeps every event that arrived", { timeout: 90_000 }, async () => {
    const { id } = await agents.create({ name: "doomed", url: server.url, headers: {}, userId: "u1" });
    await agents.createSession(id, "loupe_demo", { sessionId: "s-bulk" });
    const run = agents.run(id, "loupe_demo", "s-bulk", { parts: [{ text: "bulk 15000" }], streaming: false });
    await until(() => (agents.getRun(run.id)?.eventCount ?? 0) > 0, 60_000, "first bulk events");
    await server.stop();
    const done = (await agents.waitRun(run.id)) as RunRecord;
    expect(done.status).toBe("failed");
    expect(done.error?.code).toBe("upstream:agent_disconnected");
    expect(done.error?.message).toBe(`the agent server closed the connection after ${done.eventCount} events`);
    expect(done.eventCount).toBeGreaterThan(0);
    expect(done.eventCount).toBeLessThan(15_000);
    const key = adkSessionKey("loupe_demo", "u1", "s-bulk");
    expect(recorded(agents.hub, id, { sessionKey: key, kind: "event" })).toHaveLength(done.eventCount);
    const runEntries = recorded(agents.hub, id, { sessionKey: key, kind: "run" }).map((e) => (e.raw as RunRecord).status);
    expect(runEntries).toEqual(["running", "failed"]);
    // The server is gone: a check says so in words.
    const view = await agents.check(id);
    expect(view.state).toMatchObject({ status: "error", error: `cannot reach ${server.url}: connection refused` });
  });
});
