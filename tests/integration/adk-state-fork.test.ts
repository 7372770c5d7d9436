import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentServerView, RunRecord } from "@/lib/contracts/agents";
import { getAgents } from "@/lib/server/adk/agents";
import { forkPlan, forkState, stateAtEvent } from "@/lib/protocols/adk/fork";
import { storedSessionTimeline } from "@/lib/protocols/adk/stored-timeline";
import { parseSession } from "@/lib/protocols/adk/session";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/agents/route";
import * as sessionsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/route";
import * as sessionRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/route";
import * as runRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/run/route";

const data = tempDir("loupe-adk-state-fork-");
process.env.LOUPE_DATA_DIR = data.dir;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (method = "GET", body?: unknown) =>
  new Request("http://127.0.0.1:3000/x", {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

let server: AgentServer;
let id = "";
const app = "loupe_demo";

async function readSession(sid: string) {
  return parseSession(await (await sessionRoute.GET(req(), ctx({ id, app, sid }))).json())!;
}

async function run(sid: string, body: Record<string, unknown>) {
  const started = (await (await runRoute.POST(req("POST", body), ctx({ id, app, sid }))).json()) as RunRecord;
  expect((await getAgents().waitRun(started.id))?.status).toBe("completed");
}

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  id = ((await (await agentsRoute.POST(req("POST", { name: "adk", url: server.url }))).json()) as AgentServerView).id;
});

afterAll(async () => {
  await getAgents().closeAll();
  await server.stop();
  data.cleanup();
});

describe("state change and fork on the real ADK JS api_server", () => {
  it("a state change sent with a message lands on the user's event and in the session state", async () => {
    await sessionsRoute.POST(req("POST", { sessionId: "sd", state: { mood: "calm" } }), ctx({ id, app }));
    await run("sd", { parts: [{ text: "help" }], stateDelta: { mood: "curious", "user:tier": 2 } });
    const session = await readSession("sd");
    expect(session.state).toMatchObject({ mood: "curious", "user:tier": 2 });
    const timeline = storedSessionTimeline(session, []);
    const userEntry = timeline.entries.find((e) => e.event.author === "user")!;
    expect(userEntry.stateChanges.map((c) => [c.key, c.before, c.after])).toEqual([
      ["mood", undefined, "curious"],
      ["user:tier", undefined, 2],
    ]);
  });

  it("a fork from an event starts a new session with the state the old one had right after it", async () => {
    await sessionsRoute.POST(req("POST", { sessionId: "src" }), ctx({ id, app }));
    await run("src", { parts: [{ text: "weather in Paris" }], stateDelta: { step: 1 } });
    await run("src", { parts: [{ text: "weather in Tokyo" }], stateDelta: { step: 2 } });
    const source = await readSession("src");
    expect(source.state).toMatchObject({ step: 2, last_city: "Tokyo" });
    const events = storedSessionTimeline(source, []).entries.map((e) => e.event);
    // The response event of the first weather call (it wrote last_city = Paris), before the second turn.
    const index = events.findIndex((e) => e.actions.stateDelta.last_city === "Paris");
    expect(index).toBeGreaterThan(0);
    const at = stateAtEvent({}, events, index);
    expect(at).toMatchObject({ step: 1, last_city: "Paris", "user:lookups": 1 });
    const plan = forkPlan(at);
    expect(Object.keys(plan.shared).sort()).toEqual(["app:demo_version", "user:lookups"]);

    const created = await sessionsRoute.POST(req("POST", { state: forkState(plan.session, plan.shared, false) }), ctx({ id, app }));
    expect(created.status).toBe(201);
    const forked = await readSession(((await created.json()) as { id: string }).id);
    expect(forked.events).toEqual([]);
    expect(forked.state).toMatchObject({ step: 1, last_city: "Paris" });
    // The shared count was not written back: it is still what the source's second turn left.
    expect((await readSession("src")).state["user:lookups"]).toBe(2);
  });
});
