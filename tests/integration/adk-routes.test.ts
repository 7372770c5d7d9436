import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentServerView, AgentSessionSummary, InboxItem, RunRecord, StoredAnswer } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { getAgents } from "@/lib/server/adk/agents";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/agents/route";
import * as agentRoute from "@/app/api/agents/[id]/route";
import * as checkRoute from "@/app/api/agents/[id]/check/route";
import * as sessionsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/route";
import * as sessionRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/route";
import * as runRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/run/route";
import * as artifactsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/artifacts/route";
import * as artifactRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/artifacts/[name]/route";
import * as versionsRoute from "@/app/api/agents/[id]/apps/[app]/sessions/[sid]/artifacts/[name]/versions/route";
import * as abortRoute from "@/app/api/agents/[id]/runs/[runId]/abort/route";
import * as answersRoute from "@/app/api/agents/[id]/answers/route";
import * as retryRoute from "@/app/api/agents/[id]/answers/[answerId]/retry/route";
import * as inboxRoute from "@/app/api/inbox/route";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-adk-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (url: string, method = "GET", body?: unknown) =>
  new Request(base + url, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

let server: AgentServer;
let id = "";

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
});

afterAll(async () => {
  await getAgents().closeAll();
  await server.stop();
  data.cleanup();
});

describe("agent API route handlers", () => {
  it("lists, rejects a bad body, creates (201), reads, patches and checks a server", async () => {
    expect(await (await agentsRoute.GET()).json()).toEqual([]);
    const bad = await agentsRoute.POST(req("/api/agents", "POST", { name: "x", url: "not a url" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request:body");
    const res = await agentsRoute.POST(
      req("/api/agents", "POST", { name: "demo", url: server.url, headers: { Authorization: "Bearer t" } }),
    );
    expect(res.status).toBe(201);
    const view = (await res.json()) as AgentServerView;
    id = view.id;
    expect(view).toMatchObject({ name: "demo", userId: "user", headers: { Authorization: SECRET_MASK }, state: { status: "ok" } });
    expect(view.state.apps).toContain("loupe_demo");
    const patched = await agentRoute.PATCH(req(`/api/agents/${id}`, "PATCH", { ...view, name: "renamed" }), ctx({ id }));
    expect(((await patched.json()) as AgentServerView).name).toBe("renamed");
    expect(getAgents().agentStore.listServers()[0]?.headers).toEqual({ Authorization: "Bearer t" });
    const checked = await checkRoute.POST(req(`/api/agents/${id}/check`, "POST"), ctx({ id }));
    expect(((await checked.json()) as AgentServerView).state.version).toBe("2.0.0");
    const missing = await agentRoute.GET(req("/api/agents/nope"), ctx({ id: "nope" }));
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found:agent");
  });

  it("creates, lists, reads and deletes sessions", async () => {
    const p = { id, app: "loupe_demo" };
    const created = await sessionsRoute.POST(req("/x", "POST", { sessionId: "r1", state: { a: 1 } }), ctx(p));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: "r1", appName: "loupe_demo", userId: "user", state: { a: 1 }, events: [] });
    const listed = (await (await sessionsRoute.GET(req("/x?userId=user"), ctx(p))).json()) as AgentSessionSummary[];
    expect(listed.map((s) => s.id)).toEqual(["r1"]);
    const one = await sessionRoute.GET(req("/x"), ctx({ ...p, sid: "r1" }));
    expect(await one.json()).toMatchObject({ id: "r1", events: [] });
    await sessionsRoute.POST(req("/x", "POST", { sessionId: "gone" }), ctx(p));
    const del = await sessionRoute.DELETE(req("/x", "DELETE"), ctx({ ...p, sid: "gone" }));
    expect(del.status).toBe(204);
    const after = await sessionRoute.GET(req("/x"), ctx({ ...p, sid: "gone" }));
    expect(after.status).toBe(404);
    expect((await after.json()).error.message).toBe("GET session failed with HTTP 404: Session not found: gone");
  });

  it("an id no URL can carry (half a UTF-16 pair) is a 400 in words, not a 500", async () => {
    const p = { id, app: "loupe_demo" };
    // JSON's "\ud800" escape: what a script or a fuzzer sends.
    const body = (field: string) =>
      new Request(`${base}/x`, { method: "POST", body: `{"${field}":"a\\ud800"}`, headers: { "content-type": "application/json" } });
    for (const field of ["sessionId", "userId"]) {
      const res = await sessionsRoute.POST(body(field), ctx(p));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({
        code: "bad_request:adk_id",
        message: expect.stringMatching(/half of a UTF-16 surrogate pair/),
      });
    }
  });

  it("a saved header fetch cannot send (a line break, €) is refused when saved, not a 500 on every call", async () => {
    for (const headers of [{ "x-a": "a\nb" }, { "x-a": "5 €" }, { "x a": "b" }]) {
      const res = await agentsRoute.POST(req("/api/agents", "POST", { name: "bad header", url: server.url, headers }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request:body");
    }
  });

  it("runs (202), then reads artifacts of the run", async () => {
    const p = { id, app: "loupe_demo", sid: "r1" };
    const bad = await runRoute.POST(req("/x", "POST", { parts: [] }), ctx(p));
    expect(bad.status).toBe(400);
    const res = await runRoute.POST(req("/x", "POST", { parts: [{ text: "weather in Oslo" }] }), ctx(p));
    expect(res.status).toBe(202);
    const run = (await res.json()) as RunRecord;
    expect(run).toMatchObject({ status: "running", sessionKey: adkSessionKey("loupe_demo", "user", "r1") });
    expect((await getAgents().waitRun(run.id))?.status).toBe("completed");
    const aborted = await abortRoute.POST(req("/x", "POST"), ctx({ id, runId: run.id }));
    expect(((await aborted.json()) as RunRecord).status).toBe("completed");
    expect(await (await artifactsRoute.GET(req("/x"), ctx(p))).json()).toEqual(["weather_report.txt"]);
    const q = { ...p, name: "weather_report.txt" };
    expect(await (await versionsRoute.GET(req("/x"), ctx(q))).json()).toEqual([0]);
    const part = (await (await artifactRoute.GET(req("/x?version=0"), ctx(q))).json()) as { inlineData: { data: string } };
    expect(Buffer.from(part.inlineData.data, "base64").toString()).toContain("Oslo");
  });

  it("answers through the inbox: 409 for a stale interrupt, 404 for an unknown answer", async () => {
    const p = { id, app: "loupe_demo", sid: "r2" };
    await sessionsRoute.POST(req("/x", "POST", { sessionId: "r2" }), ctx({ id, app: "loupe_demo" }));
    const started = (await (await runRoute.POST(req("/x", "POST", { parts: [{ text: "delete" }] }), ctx(p))).json()) as RunRecord;
    await getAgents().waitRun(started.id);
    const inbox = (await (await inboxRoute.GET()).json()) as InboxItem[];
    const item = inbox.find((i) => i.sessionId === "r2" && i.status === "pending")!;
    expect(item).toMatchObject({ kind: "confirmation", agentName: "renamed", appName: "loupe_demo", userId: "user" });
    const body = { sessionKey: item.sessionKey, interruptId: item.id, answer: { kind: "confirmation", confirmed: false } };
    const res = await answersRoute.POST(req("/x", "POST", body), ctx({ id }));
    expect(res.status).toBe(200);
    const out = (await res.json()) as { answer: StoredAnswer; run: RunRecord };
    expect(out.answer.status).toBe("sent");
    expect((await getAgents().waitRun(out.run.id))?.status).toBe("completed");
    const again = await answersRoute.POST(req("/x", "POST", body), ctx({ id }));
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("conflict:interrupt_answered");
    const retry = await retryRoute.POST(req("/x", "POST"), ctx({ id, answerId: "nope" }));
    expect(retry.status).toBe(404);
    expect((await retry.json()).error.code).toBe("not_found:answer");
  });

  it("deletes a server (204) and forgets its interrupts", async () => {
    const res = await agentRoute.DELETE(req("/x", "DELETE"), ctx({ id }));
    expect(res.status).toBe(204);
    expect(await (await agentsRoute.GET()).json()).toEqual([]);
    expect(await (await inboxRoute.GET()).json()).toEqual([]);
  });
});
