import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { InboxItem, InterruptAnswer, RunRecord, StoredAnswer } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { AuditEvent, AuditPage } from "@/lib/contracts/people";
import { getAgents } from "@/lib/server/adk/agents";
import { SCRIPTED_ONLY, findFreePort, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import * as answersRoute from "@/app/api/agents/[id]/answers/route";
import * as retryRoute from "@/app/api/agents/[id]/answers/[answerId]/retry/route";
import * as auditRoute from "@/app/api/audit/route";

/**
 * The audit trail of ADK answers, through the real routes against a real `adk api_server`: every
 * row of one request carries the request's own key (the one its answer claim uses), and an answer
 * the agent server refused is logged as failed with the reason, not as answered.
 */

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-adk-audit-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (body?: unknown) =>
  new Request(`${base}/x`, {
    method: "POST",
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

let server: AgentServer;
let id = "";

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  id = (await getAgents().create({ name: "demo", url: server.url, headers: {}, userId: "u1" })).id;
});

afterAll(async () => {
  await getAgents().closeAll();
  await server.stop();
  data.cleanup();
});

const pointAt = (url: string) => getAgents().update(id, { name: "demo", url, headers: {}, userId: "u1" });

/** A fresh session paused on a long-running tool; its pending request. */
async function pausedRequest(sid: string): Promise<InboxItem> {
  await getAgents().createSession(id, "loupe_demo", { sessionId: sid });
  const run = getAgents().run(id, "loupe_demo", sid, { parts: [{ text: "job" }], streaming: false });
  expect((await getAgents().waitRun(run.id))?.status).toBe("completed");
  const key = adkSessionKey("loupe_demo", "u1", sid);
  const item = getAgents()
    .listInbox()
    .find((i) => i.sessionKey === key && i.status === "pending");
  expect(item).toBeDefined();
  return item!;
}

/** The request's name in the audit log: its agent, session and key, as its answer claim names it. */
const requestKey = (item: InboxItem) => `${id}/${item.sessionKey}/${item.key}`;

/** Answers as the browser does (useAdkAnswers: call id and the request's key). */
async function answer(item: InboxItem, value: InterruptAnswer): Promise<{ answer: StoredAnswer; run: RunRecord }> {
  const body = { sessionKey: item.sessionKey, interruptId: item.id, interruptKey: item.key, answer: value, streaming: false };
  const res = await answersRoute.POST(post(body), ctx({ id }));
  expect(res.status).toBe(200);
  return (await res.json()) as { answer: StoredAnswer; run: RunRecord };
}

/** The ADK audit rows written since `after` (an event id), oldest first: whatever key they carry. */
async function auditSince(after: number): Promise<AuditEvent[]> {
  const page = (await (await auditRoute.GET(new Request(`${base}/api/audit?source=adk&limit=500`))).json()) as AuditPage;
  return page.events.filter((e) => e.id > after).reverse();
}

/** The newest audit event's id (the rows a test writes come after it). */
async function lastAuditId(): Promise<number> {
  return (await auditSince(0)).at(-1)?.id ?? 0;
}

const shape = (events: AuditEvent[]) => events.map((e) => ({ kind: e.kind, requestId: e.requestId, detail: e.detail }));

describe("the audit trail of an ADK answer", () => {
  it("a refused answer is logged as failed with the reason, under the request's key; its Retry that succeeds is answered", async () => {
    const mark = await lastAuditId();
    const item = await pausedRequest("s-refused");
    const dead = await findFreePort();
    await pointAt(`http://127.0.0.1:${dead}`);
    let failed: { answer: StoredAnswer };
    try {
      failed = await answer(item, { kind: "long_running", response: { status: "done" } });
    } finally {
      await pointAt(server.url);
    }
    expect(failed.answer.status).toBe("failed");
    const refused = `cannot reach http://127.0.0.1:${dead}: connection refused`;
    await vi.waitFor(async () => expect((await auditSince(mark)).map((e) => e.kind)).toEqual(["raised", "failed"]));

    const res = await retryRoute.POST(post(), ctx({ id, answerId: failed.answer.id }));
    expect(res.status).toBe(200);
    const retried = (await res.json()) as { answer: StoredAnswer; run: RunRecord };
    expect(retried.answer.status).toBe("sent");
    expect((await getAgents().waitRun(retried.run.id))?.status).toBe("completed");
    await vi.waitFor(async () => expect((await auditSince(mark)).length).toBe(3));
    expect(shape(await auditSince(mark))).toEqual([
      { kind: "raised", requestId: requestKey(item), detail: null },
      { kind: "failed", requestId: requestKey(item), detail: refused },
      { kind: "answered", requestId: requestKey(item), detail: "retried" },
    ]);
  });

  it("an answer the agent refuses with an error frame is logged as failed with the agent's own message", async () => {
    const mark = await lastAuditId();
    const item = await pausedRequest("s-forgot");
    // Behind Loupe's back the session is replaced by an empty one: the call no longer exists upstream.
    const path = `${server.url}/apps/loupe_demo/users/u1/sessions/s-forgot`;
    expect((await fetch(path, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(200);
    const res = await answer(item, { kind: "long_running", response: { status: "done" } });
    expect(res.answer.status).toBe("failed");
    await vi.waitFor(async () => expect((await auditSince(mark)).length).toBe(2));
    expect(shape(await auditSince(mark))).toEqual([
      { kind: "raised", requestId: requestKey(item), detail: null },
      { kind: "failed", requestId: requestKey(item), detail: `No function call event found for function responses ids: ${item.id}` },
    ]);
  });

  it("a refusal that comes after the route answered (a proxy that held the run for longer than the wait) is logged failed, never answered", async () => {
    const mark = await lastAuditId();
    const item = await pausedRequest("s-slow");
    // A gateway in front of the agent server that holds a run until told to give up (here: after
    // the route's first-frame wait of 5 s); the saved server's check is turned away at once.
    const held: ServerResponse[] = [];
    const refuse = (res: ServerResponse) => res.writeHead(504, { "content-type": "text/plain" }).end("upstream timed out");
    const gateway: Server = createServer((req, res) => {
      if (req.url?.startsWith("/run_sse")) held.push(res);
      else refuse(res);
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    try {
      await pointAt(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
      const res = await answer(item, { kind: "long_running", response: { status: "done" } });
      expect(res.answer.status).toBe("sending");
      // Nothing is written until the agent server's reply says what became of the answer.
      expect((await auditSince(mark)).map((e) => e.kind)).toEqual(["raised"]);
      expect(held).toHaveLength(1);
      for (const run of held) refuse(run);
      expect((await getAgents().waitRun(res.run.id))?.status).toBe("failed");
      await vi.waitFor(async () => expect((await auditSince(mark)).length).toBe(2));
      expect(shape(await auditSince(mark))).toEqual([
        { kind: "raised", requestId: requestKey(item), detail: null },
        { kind: "failed", requestId: requestKey(item), detail: "POST /run_sse failed with HTTP 504: upstream timed out" },
      ]);
      expect(
        getAgents()
          .listInbox()
          .find((i) => i.key === item.key)?.status,
      ).toBe("failed");
    } finally {
      for (const run of held) if (!run.writableEnded) run.destroy();
      await pointAt(server.url);
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  }, 20_000);
});
