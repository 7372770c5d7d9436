import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import { ACTOR_HEADER, encodeActor, type Actor, type AuditEvent, type AuditPage } from "@/lib/contracts/people";
import { getAgui } from "@/lib/server/agui";
import { tempDir } from "@/tests/support/servers";
import { createRunServer, pickFrames, sseFrame } from "@/tests/fixtures/agui/run-server";
import * as requestRoute from "@/app/api/agui/requests/[requestId]/route";
import * as auditRoute from "@/app/api/audit/route";

/**
 * The audit rows of AG-UI answers given through the route, against a real AG-UI server (SSE over
 * HTTP) that judges the tool result its run carries: "refuse" is an HTTP 400 in words, "error" a run
 * that starts and ends in RUN_ERROR, anything else a run that says thanks. The route replies as the
 * run starts; its row says what the agent made of the answer: `failed` with its words (it was logged
 * `answered` at once), `answered` once the run took it; an answer kept for its run's other request
 * fails with the run that carried it, under who gave it.
 */

// The routes' singletons read LOUPE_DATA_DIR lazily, on their first call.
const data = tempDir("loupe-agui-answer-audit-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder", email: "ada@example.test" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
let server: http.Server;
let agentId = "";

beforeAll(async () => {
  // "book" asks the front-end tool `pick` once, "book two" twice; a run carrying the results is judged by them.
  server = createRunServer((input, res) => {
    const ids = { threadId: input.threadId, runId: input.runId };
    const results = input.messages.filter((m) => m.role === "tool").map((m) => m.content);
    const last = input.messages.at(-1);
    if (last?.role === "tool" && results.includes("refuse")) {
      res.writeHead(400, { "content-type": "text/plain" });
      return void res.end("tool result rejected: refuse is not a pick");
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const started = sseFrame({ type: "RUN_STARTED", ...ids });
    if (last?.role === "tool" && results.includes("error"))
      return void res.end(started + sseFrame({ type: "RUN_ERROR", message: "cannot book with this pick", code: "BAD_PICK" }));
    res.end(started + pickFrames(input) + sseFrame({ type: "RUN_FINISHED", ...ids }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  agentId = getAgui().create({
    name: "judge",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    headers: {},
    tools: [{ name: "pick", description: "", parameters: { type: "object", properties: {} } }],
  }).id;
});

afterAll(async () => {
  await getAgui().closeAll();
  await new Promise<void>((r) => server.close(() => r()));
  data.cleanup();
});

async function pendingAfter(text: string): Promise<AguiHumanRequest[]> {
  const agui = getAgui();
  const run = agui.startRun(agentId, { context: [], text });
  await agui.runDone(run.runId);
  return agui.listRequests().filter((r) => r.threadId === run.threadId && r.status === "pending");
}

async function answer(r: AguiHumanRequest, as: Actor, result: string): Promise<AguiHumanRequest> {
  const res = await requestRoute.POST(
    new Request(`${base}/api/agui/requests/${r.id}`, {
      method: "POST",
      body: JSON.stringify({ kind: "tool_result", result }),
      headers: { "content-type": "application/json", [ACTOR_HEADER]: encodeActor(as) },
    }),
    { params: Promise.resolve({ requestId: r.id }) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as AguiHumanRequest;
}

/** The request's answer rows (no `raised`), oldest first, as the Audit view shows them. */
async function rowsOf(requestId: string): Promise<Pick<AuditEvent, "kind" | "actor" | "detail">[]> {
  const page = (await (await auditRoute.GET(new Request(`${base}/api/audit?source=agui&limit=500`))).json()) as AuditPage;
  return page.events
    .filter((e) => e.requestId === requestId && e.kind !== "raised")
    .reverse()
    .map(({ kind, actor, detail }) => ({ kind, actor, detail }));
}

describe("the audit of an AG-UI answer says what the agent made of it", () => {
  it("a run the agent refuses with an HTTP error is failed with its words, not answered", async () => {
    const [x] = await pendingAfter("book");
    expect(await answer(x!, ADA, "refuse")).toMatchObject({ status: "answered", answeredByRunId: expect.any(String) });
    await vi.waitFor(() => expect(getAgui().getRequest(x!.id).status).toBe("failed"));
    await vi.waitFor(async () =>
      expect(await rowsOf(x!.id)).toEqual([
        { kind: "failed", actor: "Ada Lovelace", detail: "The agent answered HTTP 400: tool result rejected: refuse is not a pick" },
      ]),
    );
  });

  it("a run that ends in RUN_ERROR is failed with the agent's message; the Retry it takes is answered", async () => {
    const [x] = await pendingAfter("book");
    await answer(x!, BOB, "error");
    await vi.waitFor(async () =>
      expect(await rowsOf(x!.id)).toEqual([{ kind: "failed", actor: "ci-bot", detail: "cannot book with this pick" }]),
    );
    const retried = await answer(x!, BOB, "blue");
    expect((await getAgui().runDone(retried.answeredByRunId!))?.record.status).toBe("finished");
    await vi.waitFor(async () => expect((await rowsOf(x!.id)).at(-1)).toEqual({ kind: "answered", actor: "ci-bot", detail: null }));
    expect(await rowsOf(x!.id)).toHaveLength(2);
  });

  it("two requests of one run: the answer kept for the other fails with the refused run, under who gave it", async () => {
    const [a, b] = await pendingAfter("book two");
    expect(await answer(a!, ADA, "blue")).toMatchObject({ status: "answered", reason: expect.stringMatching(/^Sent with the 1 other/) });
    await vi.waitFor(async () =>
      expect(await rowsOf(a!.id)).toEqual([
        { kind: "answered", actor: "Ada Lovelace", detail: "kept: Sent with the 1 other request of this run once it is answered" },
      ]),
    );
    await answer(b!, BOB, "refuse");
    const refused = "The agent answered HTTP 400: tool result rejected: refuse is not a pick";
    await vi.waitFor(async () => {
      expect(await rowsOf(a!.id)).toEqual([
        { kind: "answered", actor: "Ada Lovelace", detail: "kept: Sent with the 1 other request of this run once it is answered" },
        { kind: "failed", actor: "Ada Lovelace", detail: refused },
      ]);
      expect(await rowsOf(b!.id)).toEqual([{ kind: "failed", actor: "ci-bot", detail: refused }]);
    });
  });
});
