/**
 * Session labels and the cross-app session search against the real ADK JS api_server (scripted
 * model): an id fragment finds a session of another app, a word the user typed finds the session
 * and its event, labels are stored by Loupe and dropped with the session, a server that is down is
 * reported in the answer, not a 500.
 */
import { createServer } from "node:http";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentServerView, AgentSessionSummary, RunRecord } from "@/lib/contracts/agents";
import type { SessionSearchResult } from "@/lib/contracts/session-search";
import { getAgents } from "@/lib/server/adk/agents";
import { parseSession } from "@/lib/protocols/adk/session";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/agents/route";
import * as agentRoute from "@/app/api/agents/[id]/route";
import * as sessionsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/route";
import * as sessionRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/route";
import * as runRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/run/route";
import * as labelRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/label/route";
import * as searchRoute from "@/app/api/sessions/search/route";

const data = tempDir("loupe-adk-session-search-");
process.env.LOUPE_DATA_DIR = data.dir;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (url = "/x", method = "GET", body?: unknown) =>
  new Request(`http://127.0.0.1:3000${url}`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

let server: AgentServer;
let id = "";
let downId = "";

async function search(q: string): Promise<SessionSearchResult> {
  const res = await searchRoute.GET(req(`/api/sessions/search?q=${encodeURIComponent(q)}`));
  expect(res.status).toBe(200);
  return (await res.json()) as SessionSearchResult;
}

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  id = ((await (await agentsRoute.POST(req("/x", "POST", { name: "adk", url: server.url }))).json()) as AgentServerView).id;
  // Nothing listens on 7190 (one of this test's ports): a saved server that is down.
  downId = ((await (await agentsRoute.POST(req("/x", "POST", { name: "gone", url: "http://127.0.0.1:7190" }))).json()) as AgentServerView)
    .id;
  await sessionsRoute.POST(req("/x", "POST", { sessionId: "breakfast-1" }), ctx({ id, app: "loupe_demo" }));
  await sessionsRoute.POST(req("/x", "POST", { sessionId: "zebra-7788" }), ctx({ id, app: "workflow_demo" }));
  const run = (await (
    await runRoute.POST(
      req("/x", "POST", { parts: [{ text: "help with the marmalade" }] }),
      ctx({ id, app: "loupe_demo", sid: "breakfast-1" }),
    )
  ).json()) as RunRecord;
  expect((await getAgents().waitRun(run.id))?.status).toBe("completed");
});

afterAll(async () => {
  await getAgents().closeAll();
  await server.stop();
  data.cleanup();
});

describe("session search across apps", () => {
  it("an id fragment finds the session of the other app; the server that is down is reported, not a 500", async () => {
    const found = await search("7788");
    expect(found.hits).toEqual([
      expect.objectContaining({
        kind: "adk-session",
        match: "id",
        agentId: id,
        appName: "workflow_demo",
        userId: "user",
        id: "zebra-7788",
      }),
    ]);
    expect(found.errors).toEqual([expect.objectContaining({ agentId: downId, agentName: "gone" })]);
    expect(found.errors[0]!.error).not.toBe("");
  });

  it("a server that answers /list-apps but hangs on its session lists is reported after 5 s, the others still found", async () => {
    // Port 7189 (this test's range): lists one app, then never answers a session list.
    const hung: Server = createServer((req, res) => {
      if (req.url === "/list-apps") return void res.end(JSON.stringify(["stuck"]));
      if (req.url === "/version") return void res.end(JSON.stringify({ version: "0" }));
    });
    await new Promise<void>((r) => hung.listen(7189, "127.0.0.1", r));
    try {
      const hungId = (
        (await (await agentsRoute.POST(req("/x", "POST", { name: "hung", url: "http://127.0.0.1:7189" }))).json()) as AgentServerView
      ).id;
      const started = Date.now();
      const found = await search("zebra");
      expect(Date.now() - started).toBeLessThan(12_000);
      expect(found.hits.map((h) => h.id)).toEqual(["zebra-7788"]);
      expect(found.errors).toContainEqual({ agentId: hungId, agentName: "hung", error: "did not list its sessions within 5 s" });
      await agentRoute.DELETE(req("/x", "DELETE"), ctx({ id: hungId }));
    } finally {
      hung.closeAllConnections();
      await new Promise((r) => hung.close(r));
    }
  }, 30_000);

  it("a word the user typed finds the session and the user's event; a word of the reply finds the agent's event", async () => {
    const session = parseSession(await (await sessionRoute.GET(req(), ctx({ id, app: "loupe_demo", sid: "breakfast-1" }))).json())!;
    const events = session.events as { id: string; author: string }[];
    const userEvent = events.find((e) => e.author === "user")!;
    const found = await search("MARMALADE");
    const hit = found.hits.find((h) => h.match === "text")!;
    expect(hit).toMatchObject({ appName: "loupe_demo", id: "breakfast-1", eventId: userEvent.id });
    expect(hit.snippet).toBe("help with the marmalade");
    const reply = await search("scripted demo agent");
    const replyHit = reply.hits.find((h) => h.id === "breakfast-1" && h.match === "text")!;
    const replyEvent = events.find((e) => e.id === replyHit.eventId)!;
    expect(replyEvent.author).toBe("loupe_demo");
    expect(replyHit.snippet).toContain("scripted demo agent");
  });

  it("labels a session: listed with it, found by name and label, refused when too long, dropped with the session", async () => {
    const p = { id, app: "loupe_demo", sid: "breakfast-1" };
    const put = await labelRoute.PUT(req("/x", "PUT", { name: "Jam session", labels: ["toast", "p1"] }), ctx(p));
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ name: "Jam session", labels: ["toast", "p1"] });
    const listed = (await (await sessionsRoute.GET(req("/x?userId=user"), ctx({ id, app: "loupe_demo" }))).json()) as AgentSessionSummary[];
    expect(listed.find((s) => s.id === "breakfast-1")).toMatchObject({ name: "Jam session", labels: ["toast", "p1"] });
    expect((await search("toast")).hits).toEqual([expect.objectContaining({ match: "label", id: "breakfast-1", name: "Jam session" })]);
    // A text match carries the session's name and labels too.
    expect((await search("marmalade")).hits.find((h) => h.match === "text")).toMatchObject({
      name: "Jam session",
      labels: ["toast", "p1"],
    });

    const long = await labelRoute.PUT(req("/x", "PUT", { name: "x".repeat(121) }), ctx(p));
    expect(long.status).toBe(400);
    expect((await long.json()).error.code).toBe("bad_request:body");
    const bad = await labelRoute.PUT(req("/x", "PUT", { labels: "toast" }), ctx(p));
    expect(bad.status).toBe(400);
    const unknown = await labelRoute.PUT(req("/x", "PUT", { name: "n" }), ctx({ ...p, id: "nope" }));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found:agent");

    expect((await sessionRoute.DELETE(req("/x", "DELETE"), ctx(p))).status).toBe(204);
    expect(getAgents().labels.get(id, "loupe_demo", "user", "breakfast-1")).toBeNull();
    expect((await search("toast")).hits).toEqual([]);
    // Its recorded text is no longer found either.
    expect((await search("marmalade")).hits).toEqual([]);
  });

  it("finds playground conversations by title and text, A2A contexts and AG-UI threads by id, each saying its kind", async () => {
    // Rows as Loupe's own stores keep them (the search reads these tables, it does not reach those peers).
    const db = getAgents().hub.store.db;
    db.prepare("INSERT INTO playground_conversations VALUES (?, ?, '{}', ?, 1, 50)").run(
      "pg-1",
      "Quokka notes",
      JSON.stringify([{ role: "user", content: "tell me about the quokka diet" }]),
    );
    db.prepare("INSERT INTO a2a_agents VALUES ('a2a-1', ?, 0, 1)").run(JSON.stringify({ name: "remote" }));
    db.prepare("INSERT INTO a2a_tasks VALUES ('a2a-1', 't1', 'ctx-quokka-9', 60, '{}')").run();
    db.prepare("INSERT INTO agui_threads VALUES ('agui-1', 'thread-quokka', 70, '{}')").run();
    const found = await search("quokka");
    expect(found.hits.map((h) => [h.kind, h.match, h.id, h.agentName])).toEqual([
      ["playground", "text", "pg-1", undefined],
      ["a2a-context", "id", "ctx-quokka-9", "remote"],
      ["agui-thread", "id", "thread-quokka", "agui-1"],
    ]);
    expect(found.hits[0]!.snippet).toBe("Quokka notes");
    expect((await search("diet")).hits).toEqual([
      expect.objectContaining({ kind: "playground", snippet: "tell me about the quokka diet" }),
    ]);
  });

  it("an empty query is a 400 with the route's code", async () => {
    const res = await searchRoute.GET(req("/api/sessions/search?q=%20"));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request:query");
  });
});
