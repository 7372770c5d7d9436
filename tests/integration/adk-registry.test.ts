import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { RunRecord } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, findFreePort, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-adk-registry-");
let server: AgentServer;
let agents: AgentRegistry;
let id = "";

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

describe("agent servers", () => {
  it("adds a server: apps and version read at once, headers masked, an agent_status entry recorded", async () => {
    const view = await agents.create({ name: "demo", url: server.url, headers: { "X-Token": "tok-123" }, userId: "u1" });
    id = view.id;
    expect(view.state.status).toBe("ok");
    expect(view.state.apps).toEqual(["compaction_demo", "loupe_demo", "workflow_demo"]);
    expect(view.state.version).toBe("2.0.0");
    expect(view.headers).toEqual({ "X-Token": SECRET_MASK });
    const status = recorded(agents.hub, id, { kind: "agent_status" });
    expect(status).toHaveLength(1);
    expect(status[0]!.protocol).toBe("loupe");
    expect(JSON.stringify(status[0]!.raw)).not.toContain("tok-123");
    expect(agents.list().map((a) => a.id)).toEqual([id]);
  });

  it("keeps the stored header when an update sends the mask back, and survives a restart", async () => {
    const updated = await agents.update(id, {
      name: "demo 2",
      url: server.url,
      headers: { "X-Token": SECRET_MASK, "X-New": "n" },
      userId: "u1",
    });
    expect(updated.name).toBe("demo 2");
    expect(updated.headers).toEqual({ "X-Token": SECRET_MASK, "X-New": SECRET_MASK });
    const reopened = new AgentRegistry(agents.hub);
    expect(reopened.list().map((a) => [a.id, a.name, a.state.status])).toEqual([[id, "demo 2", "unknown"]]);
    expect((await reopened.checkSaved()).map((a) => a.state.status)).toEqual(["ok"]);
    const saved = reopened.agentStore.listServers()[0]!;
    expect(saved.headers).toEqual({ "X-Token": "tok-123", "X-New": "n" });
  });

  it("says in words when a server cannot be reached", async () => {
    const port = await findFreePort();
    const view = await agents.create({ name: "gone", url: `http://127.0.0.1:${port}`, headers: {}, userId: "u" });
    expect(view.state.status).toBe("error");
    expect(view.state.error).toBe(`cannot reach http://127.0.0.1:${port}: connection refused`);
    await agents.remove(view.id);
    expect(recorded(agents.hub, view.id, { kind: "agent_removed" }).map((e) => e.raw)).toEqual([{ id: view.id }]);
    expect(() => agents.get(view.id)).toThrow(/No agent server/);
  });

  it("lists a server Loupe is still starting, then the real one under the same id", async () => {
    const input = { name: "coming", url: "http://127.0.0.1/", headers: {}, userId: "u" };
    const starting = agents.announce(input, { id: "soon", builtin: true });
    expect(starting.state).toEqual({ status: "starting", apps: [] });
    expect(recorded(agents.hub, "soon", { kind: "agent_status" }).at(-1)?.raw).toMatchObject({ state: { status: "starting" } });
    const up = await agents.create({ ...input, url: server.url }, { id: "soon", builtin: true });
    expect(up.state.status).toBe("ok");
    expect(up.state.apps).toEqual(["compaction_demo", "loupe_demo", "workflow_demo"]);
    expect(agents.announce(input, { id: "soon", error: "did not start" }).state).toEqual({
      status: "error",
      error: "did not start",
      apps: [],
    });
    await agents.remove("soon");
  });
});

describe("sessions", () => {
  it("creates, lists newest first, reads and deletes sessions", async () => {
    const a = await agents.createSession(id, "loupe_demo", { sessionId: "s-a", state: { k: 1 } });
    expect(a).toMatchObject({ id: "s-a", appName: "loupe_demo", userId: "u1", state: { k: 1 }, events: [] });
    await new Promise((r) => setTimeout(r, 5));
    const b = await agents.createSession(id, "loupe_demo");
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await agents.listSessions(id, "loupe_demo");
    expect(list.map((s) => s.id)).toEqual([b.id, "s-a"]);
    expect(list[0]!.lastUpdateTime).toBeGreaterThan(1_600_000_000_000);
    expect(list[0]).toMatchObject({ appName: "loupe_demo", userId: "u1" });
    const dup = await agents.createSession(id, "loupe_demo", { sessionId: "s-a" }).catch((e: unknown) => e);
    expect(dup).toMatchObject({
      code: "bad_request:agent_upstream",
      message: "Create session failed with HTTP 400: Session already exists: s-a",
    });
    await agents.deleteSession(id, "loupe_demo", b.id);
    expect((await agents.listSessions(id, "loupe_demo")).map((s) => s.id)).toEqual(["s-a"]);
    const missing = await agents.getSession(id, "loupe_demo", b.id).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "not_found:session", status: 404 });
    expect(await agents.listSessions(id, "loupe_demo", "someone-else")).toEqual([]);
  });
});

describe("runs", () => {
  it("records the user message, every event and the run, on one sessionKey", async () => {
    await agents.createSession(id, "loupe_demo", { sessionId: "s-run" });
    const key = adkSessionKey("loupe_demo", "u1", "s-run");
    const started = agents.run(id, "loupe_demo", "s-run", { parts: [{ text: "weather in Paris" }], streaming: false });
    expect(started).toMatchObject({ status: "running", sessionKey: key, agentId: id, endedAt: null });
    const done = (await agents.waitRun(started.id))!;
    expect(done.status).toBe("completed");
    const entries = recorded(agents.hub, id, { sessionKey: key });
    expect(entries.map((e) => `${e.protocol}/${e.kind}`).slice(0, 2)).toEqual(["loupe/run", "adk/user_message"]);
    const user = entries[1]!;
    expect(user.direction).toBe("out");
    expect(user.raw).toEqual({ runId: started.id, newMessage: { role: "user", parts: [{ text: "weather in Paris" }] } });
    const events = entries.filter((e) => e.kind === "event");
    expect(events).toHaveLength(done.eventCount);
    expect(done.eventCount).toBe(3);
    expect(events.every((e) => e.direction === "in" && e.protocol === "adk" && typeof e.sourceTime === "number")).toBe(true);
    const calls = JSON.stringify(events.map((e) => e.raw));
    expect(calls).toContain('"name":"get_weather"');
    const runs = entries.filter((e) => e.kind === "run").map((e) => (e.raw as RunRecord).status);
    expect(runs).toEqual(["running", "completed"]);
    // The stored session holds the user's event too (ADK stores it; /run_sse just does not echo it).
    const session = await agents.getSession(id, "loupe_demo", "s-run");
    expect(session.events).toHaveLength(4);
    expect(session.state).toMatchObject({ last_city: "Paris" });
  });

  it("passes artifacts through: list, versions, latest and a given version", async () => {
    expect(await agents.listArtifacts(id, "loupe_demo", "s-run")).toEqual(["weather_report.txt"]);
    expect(await agents.listArtifactVersions(id, "loupe_demo", "s-run", "weather_report.txt")).toEqual([0]);
    const part = (await agents.getArtifact(id, "loupe_demo", "s-run", "weather_report.txt")) as {
      inlineData: { mimeType: string; data: string };
    };
    expect(part.inlineData.mimeType).toBe("text/plain");
    expect(Buffer.from(part.inlineData.data, "base64").toString()).toContain("Paris");
    expect(await agents.getArtifact(id, "loupe_demo", "s-run", "weather_report.txt", { version: 0 })).toEqual(part);
  });

  it("fails a run on an unknown session with the upstream's status and body", async () => {
    const run = agents.run(id, "loupe_demo", "nope", { parts: [{ text: "hi" }], streaming: false });
    const done = (await agents.waitRun(run.id))!;
    expect(done.status).toBe("failed");
    expect(done.error).toMatchObject({
      code: "not_found:agent_upstream",
      message: "POST /run_sse failed with HTTP 404: Session not found: nope",
    });
  });

  it("streams partials when asked", async () => {
    await agents.createSession(id, "loupe_demo", { sessionId: "s-stream" });
    const run = agents.run(id, "loupe_demo", "s-stream", { parts: [{ text: "hello" }], streaming: true });
    const done = (await agents.waitRun(run.id))!;
    const key = adkSessionKey("loupe_demo", "u1", "s-stream");
    const partials = recorded(agents.hub, id, { sessionKey: key, kind: "event" }).filter((e) => (e.raw as { partial?: boolean }).partial);
    expect(done.status).toBe("completed");
    expect(partials.length).toBeGreaterThan(1);
  });

  it("aborts a running run: the connection closes, what arrived is kept", async () => {
    await agents.createSession(id, "loupe_demo", { sessionId: "s-abort" });
    const run = agents.run(id, "loupe_demo", "s-abort", { parts: [{ text: "bulk 15000" }], streaming: false });
    await until(() => (agents.getRun(run.id)?.eventCount ?? 0) > 50, 20_000, "first events");
    const aborted = await agents.abort(id, run.id);
    expect(aborted.status).toBe("aborted");
    expect(aborted.endedAt).not.toBeNull();
    const key = adkSessionKey("loupe_demo", "u1", "s-abort");
    expect(recorded(agents.hub, id, { sessionKey: key, kind: "event" })).toHaveLength(aborted.eventCount);
    expect(aborted.eventCount).toBeLessThan(15_000);
    // Stopped soon after the first events: the demo's bulk agent lets the server write as it goes (it
    // held the event loop, so the first write carried about 5,500 events and came after 12 s).
    expect(aborted.eventCount).toBeLessThan(2_000);
    expect(await agents.abort(id, run.id)).toEqual(aborted);
    await expect(agents.abort(id, "no-such-run")).rejects.toMatchObject({ code: "not_found:run" });
  });
});
