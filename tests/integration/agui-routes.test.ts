import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AguiAgentView, AguiHumanRequest, AguiThreadDetail, AguiThreadSummary } from "@/lib/contracts/agui";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import { getAgui } from "@/lib/server/agui";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { startAguiDemo } from "@/demo/agui/server";
import type { AguiDemo } from "@/demo/agui/server";
import { tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/agui/agents/route";
import * as agentRoute from "@/app/api/agui/agents/[id]/route";
import * as threadsRoute from "@/app/api/agui/agents/[id]/threads/route";
import * as threadRoute from "@/app/api/agui/agents/[id]/threads/[threadId]/route";
import * as threadEntriesRoute from "@/app/api/agui/agents/[id]/threads/[threadId]/entries/route";
import type { Entry } from "@/lib/contracts/entries";
import * as runsRoute from "@/app/api/agui/agents/[id]/runs/route";
import * as abortRoute from "@/app/api/agui/agents/[id]/runs/[runId]/abort/route";
import * as requestRoute from "@/app/api/agui/requests/[requestId]/route";
import * as inboxRoute from "@/app/api/inbox/route";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-agui-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (url: string, method = "GET", body?: unknown) =>
  new Request(base + url, {
    method,
    ...(body !== undefined
      ? { body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } }
      : {}),
  });

let demo: AguiDemo;
let id = "";

beforeAll(async () => {
  demo = await startAguiDemo({ port: 7165 });
});

afterAll(async () => {
  await demo.close();
  data.cleanup();
});

describe("AG-UI routes", () => {
  it("saves an agent with masked headers; bad input is a 400 in words", async () => {
    const bad = await agentsRoute.POST(req("/api/agui/agents", "POST", { name: "x", url: "not a url" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("bad_request:body");
    const notJson = await agentsRoute.POST(req("/api/agui/agents", "POST", "{oops"));
    expect(notJson.status).toBe(400);
    const res = await agentsRoute.POST(
      req("/api/agui/agents", "POST", { name: "demo", url: demo.url, headers: { "x-key": "k1" }, tools: [CONFIRM_BOOKING_TOOL] }),
    );
    expect(res.status).toBe(201);
    const view = (await res.json()) as AguiAgentView;
    id = view.id;
    expect(view.headers).toEqual({ "x-key": SECRET_MASK });
    // PATCH with the mask keeps the stored value; fields not given stay.
    const patched = (await (
      await agentRoute.PATCH(req(`/api/agui/agents/${id}`, "PATCH", { name: "demo 2", headers: { "x-key": SECRET_MASK } }), ctx({ id }))
    ).json()) as AguiAgentView;
    expect(patched).toMatchObject({ name: "demo 2", tools: [{ name: "confirm_booking" }] });
    expect(
      getAgui()
        .store.listAgents()
        .find((a) => a.id === id)!.headers,
    ).toEqual({ "x-key": "k1" });
    const missing = await agentRoute.GET(req("/api/agui/agents/nope"), ctx({ id: "nope" }));
    expect(missing.status).toBe(404);
  });

  it("runs, lists the thread, answers the front-end tool from the inbox route; a second answer is 409", async () => {
    const started = await runsRoute.POST(req(`/api/agui/agents/${id}/runs`, "POST", { text: "book a room" }), ctx({ id }));
    expect(started.status).toBe(202);
    const { runId, threadId } = (await started.json()) as { runId: string; threadId: string };
    await getAgui().runDone(runId);
    const threads = (await (await threadsRoute.GET(req(`/api/agui/agents/${id}/threads`), ctx({ id }))).json()) as AguiThreadSummary[];
    expect(threads.find((t) => t.threadId === threadId)).toMatchObject({ runCount: 1, lastStatus: "finished" });
    const inbox = (await (await inboxRoute.GET()).json()) as InboxRow[];
    const row = inbox.find((r): r is Extract<InboxRow, { source: "agui" }> => r.source === "agui" && r.threadId === threadId)!;
    expect(row).toMatchObject({ kind: "tool", status: "pending", toolName: "confirm_booking" });

    const wrongKind = await requestRoute.POST(
      req(`/api/agui/requests/${row.id}`, "POST", { kind: "resume", status: "resolved" }),
      ctx({ requestId: row.id }),
    );
    expect(wrongKind.status).toBe(400);
    const ok = await requestRoute.POST(
      req(`/api/agui/requests/${row.id}`, "POST", { kind: "tool_result", result: "yes" }),
      ctx({ requestId: row.id }),
    );
    expect(ok.status).toBe(200);
    const answered = (await ok.json()) as AguiHumanRequest;
    const again = await requestRoute.POST(
      req(`/api/agui/requests/${row.id}`, "POST", { kind: "tool_result", result: "no" }),
      ctx({ requestId: row.id }),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("conflict:agui_request_answered");
    await getAgui().runDone(answered.answeredByRunId!);
    const thread = (await (
      await threadRoute.GET(req(`/api/agui/agents/${id}/threads/${threadId}`), ctx({ id, threadId }))
    ).json()) as AguiThreadDetail;
    expect(thread.runs.map((r) => r.status)).toEqual(["finished", "finished"]);
    const threadEntries = (await (await threadEntriesRoute.GET(req(""), ctx({ id, threadId }))).json()) as Entry[];
    expect(threadEntries.every((e) => e.protocol === "agui" && e.sessionKey === threadId)).toBe(true);
    expect(threadEntries.map((e) => e.seq)).toEqual([...threadEntries.map((e) => e.seq)].sort((a, b) => a - b));
    expect(threadEntries.filter((e) => e.kind === "agui_input")).toHaveLength(2);
    expect(threadEntries.filter((e) => e.kind === "agui_request").map((e) => (e.raw as { status: string }).status)).toEqual([
      "pending",
      "answered",
      "answered",
    ]);
    expect((await threadEntriesRoute.GET(req(""), ctx({ id: "nope", threadId }))).status).toBe(404);
    expect(thread.messages.some((m) => (m as { role: string; content: string }).role === "tool")).toBe(true);
  });

  it("aborts a run; an unknown run or request is 404, a finished run 409", async () => {
    const { runId } = (await (await runsRoute.POST(req(`/api/agui/agents/${id}/runs`, "POST", { text: "slow" }), ctx({ id }))).json()) as {
      runId: string;
    };
    await new Promise((r) => setTimeout(r, 200));
    const aborted = await abortRoute.POST(req(`/api/agui/agents/${id}/runs/${runId}/abort`, "POST"), ctx({ id, runId }));
    expect(((await aborted.json()) as { status: string }).status).toBe("aborted");
    expect((await abortRoute.POST(req("", "POST"), ctx({ id, runId }))).status).toBe(409);
    expect((await abortRoute.POST(req("", "POST"), ctx({ id, runId: "nope" }))).status).toBe(404);
    expect((await requestRoute.POST(req("", "POST", { kind: "tool_result", result: 1 }), ctx({ requestId: "nope" }))).status).toBe(404);
    expect((await runsRoute.POST(req("", "POST", { text: 5 }), ctx({ id }))).status).toBe(400);
    expect((await runsRoute.POST(req("", "POST", { text: "hi" }), ctx({ id: "nope" }))).status).toBe(404);
  });
});
