import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { ACTOR_HEADER, encodeActor, type Actor, type AuditEvent, type AuditPage } from "@/lib/contracts/people";
import { getHub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { FakeServer } from "@/tests/support/lg-fake-server";
import { tempDir } from "@/tests/support/servers";
import * as requestRoute from "@/app/api/langgraph/requests/[requestId]/route";
import * as auditRoute from "@/app/api/audit/route";

/**
 * The audit rows of LangGraph answers given through the route, against the in-memory LangGraph
 * server of the requests tests: a resume the server refuses is `failed` with its words (it was
 * logged `answered`), as is one it ran without taking; a resume that took is `answered`; the answer
 * kept for the last one of its step is failed with that step's resume, under who gave it.
 */

// The routes' singletons read LOUPE_DATA_DIR lazily, on their first call.
const data = tempDir("loupe-lg-answer-audit-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder", email: "ada@example.test" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const fake = new FakeServer();
let lg: LangGraphService;
let dep = "";

beforeAll(async () => {
  // The route's service, on the fake server (getLangGraph() finds it on globalThis).
  lg = new LangGraphService(getHub(), { clientFor: () => fake });
  Reflect.set(globalThis, Symbol.for("loupe.langgraph"), lg);
  dep = (await lg.create({ name: "fake", url: "http://127.0.0.1:1/", headers: {}, pollSeconds: 0 })).id;
});

afterAll(async () => {
  await lg.closeAll();
  data.cleanup();
});

async function answer(r: LgHumanRequest, as: Actor, body: unknown): Promise<LgHumanRequest> {
  const res = await requestRoute.POST(
    new Request(`${base}/api/langgraph/requests/${r.id}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", [ACTOR_HEADER]: encodeActor(as) },
    }),
    { params: Promise.resolve({ requestId: r.id }) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as LgHumanRequest;
}

async function requestsOf(threadId: string): Promise<LgHumanRequest[]> {
  await lg.threads.detail(dep, threadId);
  return lg
    .listRequests()
    .filter((r) => r.threadId === threadId)
    .sort((a, b) => a.interruptId.localeCompare(b.interruptId));
}

/** The request's audit rows, oldest first, as the Audit view shows them. */
async function rowsOf(requestId: string): Promise<Pick<AuditEvent, "kind" | "actor" | "detail">[]> {
  const page = (await (await auditRoute.GET(new Request(`${base}/api/audit?source=langgraph&limit=500`))).json()) as AuditPage;
  return page.events
    .filter((e) => e.requestId === requestId)
    .reverse()
    .map(({ kind, actor, detail }) => ({ kind, actor, detail }));
}

describe("the audit of a LangGraph answer says what the server made of it", () => {
  it("a resume the server refuses is failed with its words, not answered", async () => {
    fake.interrupt("t-refused", [{ id: "X", value: { q: "ship?" } }]);
    const [x] = await requestsOf("t-refused");
    fake.refuse = "Invalid resume value";
    const failed = await answer(x!, ADA, { kind: "value", value: 42 });
    fake.refuse = null;
    expect(failed).toMatchObject({ status: "failed", error: { message: "HTTP 400: Invalid resume value" } });
    await vi.waitFor(async () =>
      expect(await rowsOf(x!.id)).toEqual([
        { kind: "raised", actor: "langgraph peer", detail: null },
        { kind: "failed", actor: "Ada Lovelace", detail: "HTTP 400: Invalid resume value" },
      ]),
    );
    // The Retry the server takes is answered, and says it was a retry.
    const retried = await answer(x!, ADA, { kind: "retry" });
    expect(retried.status).toBe("answered");
    await vi.waitFor(async () =>
      expect((await rowsOf(x!.id)).at(-1)).toEqual({ kind: "answered", actor: "Ada Lovelace", detail: "retried" }),
    );
    expect(await rowsOf(x!.id)).toHaveLength(3);
  });

  it("a resume run the server ran without taking the answer is failed once the run ended; one that took is answered", async () => {
    fake.interrupt("t-ignored", [{ id: "X", value: 1 }]);
    const [ignored] = await requestsOf("t-ignored");
    fake.ignoreResume = true;
    await answer(ignored!, ADA, { kind: "value", value: 1 });
    await vi.waitFor(() => expect(lg.getRequest(ignored!.id).status).toBe("failed"));
    fake.ignoreResume = false;
    await vi.waitFor(async () =>
      expect(await rowsOf(ignored!.id)).toEqual([
        { kind: "raised", actor: "langgraph peer", detail: null },
        { kind: "failed", actor: "Ada Lovelace", detail: expect.stringMatching(/still lists this interrupt after run run-\d+/) },
      ]),
    );

    fake.interrupt("t-took", [{ id: "X", value: 1 }]);
    const [took] = await requestsOf("t-took");
    expect(await answer(took!, BOB, { kind: "value", value: 1 })).toMatchObject({ status: "answered" });
    await vi.waitFor(async () =>
      expect(await rowsOf(took!.id)).toEqual([
        { kind: "raised", actor: "langgraph peer", detail: null },
        { kind: "answered", actor: "ci-bot", detail: null },
      ]),
    );
    expect(lg.getRequest(took!.id)).toMatchObject({ status: "answered" });
  });

  it("two interrupts of one step: the answer kept for the other fails with the refused resume, under who gave it", async () => {
    fake.interrupt("t-step", [
      { id: "A", value: { q: "a?" } },
      { id: "B", value: { q: "b?" } },
    ]);
    const [a, b] = await requestsOf("t-step");
    expect(await answer(a!, ADA, { kind: "value", value: "va" })).toMatchObject({ status: "answered", waitingFor: 1 });
    fake.refuse = "Invalid resume map";
    expect(await answer(b!, BOB, { kind: "value", value: "vb" })).toMatchObject({ status: "failed" });
    fake.refuse = null;
    await vi.waitFor(async () => {
      expect(await rowsOf(a!.id)).toEqual([
        { kind: "raised", actor: "langgraph peer", detail: null },
        {
          kind: "answered",
          actor: "Ada Lovelace",
          detail: "kept: one resume sends it with the thread's 1 other interrupt(s) once answered",
        },
        { kind: "failed", actor: "Ada Lovelace", detail: "HTTP 400: Invalid resume map" },
      ]);
      expect(await rowsOf(b!.id)).toEqual([
        { kind: "raised", actor: "langgraph peer", detail: null },
        { kind: "failed", actor: "ci-bot", detail: "HTTP 400: Invalid resume map" },
      ]);
    });
  });
});
