import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentServerView, RunRecord } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { getAgents } from "@/lib/server/adk/agents";
import { NO_EVENT_SPAN, NO_TRACE_ENDPOINT } from "@/lib/server/adk/trace";
import { buildTraceTree, parseModelCall } from "@/lib/protocols/adk/trace";
import type { RawSpan } from "@/lib/protocols/adk/trace";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { freePort, tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/agents/route";
import * as sessionsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/route";
import * as sessionRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/route";
import * as runRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/run/route";
import * as eventTraceRoute from "@/app/api/agents/[id]/apps/[app]/trace/events/[eventId]/route";
import * as sessionTraceRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/trace/route";

const data = tempDir("loupe-adk-trace-");
process.env.LOUPE_DATA_DIR = data.dir;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (url: string, method = "GET", body?: unknown) =>
  new Request("http://127.0.0.1:3000" + url, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

/**
 * A stand-in for servers that are not the JS dev server: "old" answers only the unprefixed trace
 * paths (Python 2025) with a secret-laden span; "prod" has no trace route (Express-style 404);
 * "stub" answers 501.
 */
function fakeServer(): Server {
  return createServer((rq, res) => {
    const url = rq.url ?? "";
    if (url === "/list-apps") return void res.writeHead(200, { "content-type": "application/json" }).end('["old","prod","stub"]');
    if (url.startsWith("/dev/apps/stub/"))
      return void res.writeHead(501, { "content-type": "application/json" }).end('{"error":"Not implemented"}');
    if (url === "/debug/trace/ev1" && rq.headers["x-app"] !== "prod") {
      const request = { model: "m", config: { systemInstruction: "sys", httpOptions: { headers: { Authorization: "Bearer sk-live" } } } };
      const body = {
        "gcp.vertex.agent.llm_request": JSON.stringify(request),
        "gen_ai.tool.call.args": { apiKey: "k-123" },
        api_key: "k-2",
      };
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
    res.writeHead(404, { "content-type": "text/html" }).end(`<pre>Cannot GET ${url}</pre>`);
  });
}

type Event = { id: string; content?: { parts?: Record<string, unknown>[] } };

let adk: AgentServer;
let fake: Server;
let id = "";
let fakeId = "";

async function addAgent(name: string, url: string): Promise<string> {
  const res = await agentsRoute.POST(req("/api/agents", "POST", { name, url }));
  return ((await res.json()) as AgentServerView).id;
}

beforeAll(async () => {
  adk = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  fake = fakeServer();
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  id = await addAgent("adk", adk.url);
  fakeId = await addAgent("fake", `http://127.0.0.1:${(fake.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await getAgents().closeAll();
  await adk.stop();
  await new Promise((r) => fake.close(r));
  data.cleanup();
});

describe("trace routes against the real ADK JS api_server", () => {
  it("a model event's span holds what the scripted agent really sends: its instruction and tools", async () => {
    const p = { id, app: "loupe_demo" };
    await sessionsRoute.POST(req("/x", "POST", { sessionId: "t1" }), ctx(p));
    const run = (await (
      await runRoute.POST(req("/x", "POST", { parts: [{ text: "weather in Paris" }] }), ctx({ ...p, sid: "t1" }))
    ).json()) as RunRecord;
    expect((await getAgents().waitRun(run.id))?.status).toBe("completed");
    const session = (await (await sessionRoute.GET(req("/x"), ctx({ ...p, sid: "t1" }))).json()) as { events: Event[] };
    const has = (key: string) => session.events.find((e) => e.content?.parts?.some((part) => key in part))!;
    const [first, second] = [has("functionCall"), has("functionResponse")];

    const present = await eventTraceRoute.GET(req("/x"), ctx({ ...p, eventId: first.id }));
    expect(present.status).toBe(200);
    const call = parseModelCall(((await present.json()) as { attributes: Record<string, unknown> }).attributes)!;
    expect(call.systemInstruction).toContain("You are loupe_demo");
    expect(call.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["get_weather", "make_chart", "delete_file", "transfer_to_agent"]),
    );
    expect(call.contents).toEqual([{ role: "user", parts: [{ text: "weather in Paris" }] }]);

    // The function response event has no span under its own id on JS 2.0.
    const absent = await (await eventTraceRoute.GET(req("/x"), ctx({ ...p, eventId: second.id }))).json();
    expect(absent).toEqual({ absent: true, reason: NO_EVENT_SPAN });

    const spans = ((await (await sessionTraceRoute.GET(req("/x"), ctx({ ...p, sid: "t1" }))).json()) as { spans: RawSpan[] }).spans;
    expect(buildTraceTree(spans)[0]!.rows.map((r) => r.kind)).toEqual(["invocation", "agent", "llm", "tool", "llm"]);
  });

  it("a session with no spans is an empty list; a server that is down is an upstream error", async () => {
    expect(await (await sessionTraceRoute.GET(req("/x"), ctx({ id, app: "loupe_demo", sid: "never" }))).json()).toEqual({ spans: [] });
    const downId = await addAgent("down", `http://127.0.0.1:${await freePort()}`);
    const down = await eventTraceRoute.GET(req("/x"), ctx({ id: downId, app: "loupe_demo", eventId: "e" }));
    expect(down.status).toBe(502);
    expect(((await down.json()) as { error: { code: string } }).error.code).toBe("upstream:unreachable");
    const unknown = await sessionTraceRoute.GET(req("/x"), ctx({ id: "nope", app: "a", sid: "s" }));
    expect(unknown.status).toBe(404);
  });
});

describe("trace routes against servers that are not the JS dev server", () => {
  it("falls back to the unprefixed path and masks secrets inside attributes", async () => {
    const body = (await (await eventTraceRoute.GET(req("/x"), ctx({ id: fakeId, app: "old", eventId: "ev1" }))).json()) as {
      attributes: Record<string, unknown>;
    };
    expect(body.attributes.api_key).toBe(SECRET_MASK);
    expect(body.attributes["gen_ai.tool.call.args"]).toEqual({ apiKey: SECRET_MASK });
    const request = JSON.parse(body.attributes["gcp.vertex.agent.llm_request"] as string) as { config: { systemInstruction: string } };
    expect(request.config.systemInstruction).toBe("sys");
    expect(JSON.stringify(body)).not.toContain("sk-live");
  });

  it("no trace route at all, and a 501 stub, read as absent with their own reasons", async () => {
    expect(await (await sessionTraceRoute.GET(req("/x"), ctx({ id: fakeId, app: "prod", sid: "s" }))).json()).toEqual({
      absent: true,
      reason: NO_TRACE_ENDPOINT,
    });
    const stub = (await (await eventTraceRoute.GET(req("/x"), ctx({ id: fakeId, app: "stub", eventId: "x" }))).json()) as {
      reason: string;
    };
    expect(stub.reason).toMatch(/501/);
  });
});
