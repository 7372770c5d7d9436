import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aAgentView, A2aHumanRequest, A2aTaskSummary } from "@/lib/contracts/a2a";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { getA2a } from "@/lib/server/a2a";
import { until } from "@/lib/server/adk/test-support";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";
import * as agentsRoute from "@/app/api/a2a/agents/route";
import * as agentRoute from "@/app/api/a2a/agents/[id]/route";
import * as cardRoute from "@/app/api/a2a/agents/[id]/card/route";
import * as messagesRoute from "@/app/api/a2a/agents/[id]/messages/route";
import * as tasksRoute from "@/app/api/a2a/agents/[id]/tasks/route";
import * as taskRoute from "@/app/api/a2a/agents/[id]/tasks/[taskId]/route";
import * as cancelRoute from "@/app/api/a2a/agents/[id]/tasks/[taskId]/cancel/route";
import * as requestRoute from "@/app/api/a2a/requests/[requestId]/route";
import * as auditRoute from "@/app/api/audit/route";
import type { AuditPage } from "@/lib/contracts/people";

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-a2a-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const req = (url: string, method = "GET", body?: unknown) =>
  new Request(base + url, {
    method,
    ...(body === undefined
      ? {}
      : { body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
let agent: SdkAgent;
let id = "";

beforeAll(async () => {
  agent = await startSdkAgent();
});

afterAll(async () => {
  await getA2a().closeAll();
  await agent.close();
  data.cleanup();
});

describe("/api/a2a routes", () => {
  it("POST /agents saves, fetches the card and masks headers (201); bad input is 400", async () => {
    const res = await agentsRoute.POST(req("/api/a2a/agents", "POST", { name: "s", url: agent.url, headers: { "X-Key": "k1" } }));
    expect(res.status).toBe(201);
    const view = (await res.json()) as A2aAgentView;
    id = view.id;
    expect(view.state.status).toBe("ok");
    expect(view.headers).toEqual({ "X-Key": SECRET_MASK });
    expect((await agentsRoute.POST(req("/api/a2a/agents", "POST", { name: "", url: "nope" }))).status).toBe(400);
    expect((await agentsRoute.POST(req("/api/a2a/agents", "POST", "{not json"))).status).toBe(400);
    expect(((await (await agentsRoute.GET()).json()) as A2aAgentView[]).map((a) => a.id)).toContain(id);
  });

  it("unknown agent 404 not_found:a2a_agent; a card that cannot be had is 502 on refresh", async () => {
    const res = await agentRoute.GET(req("/api/a2a/agents/nope"), ctx({ id: "nope" }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found:a2a_agent");
    const down = (await (
      await agentsRoute.POST(req("/api/a2a/agents", "POST", { name: "down", url: "http://127.0.0.1:7149" }))
    ).json()) as A2aAgentView;
    const refreshed = await cardRoute.POST(req(`/api/a2a/agents/${down.id}/card`, "POST"), ctx({ id: down.id }));
    expect(refreshed.status).toBe(502);
    expect(((await refreshed.json()) as { error: { code: string } }).error.code).toBe("upstream:a2a_unreachable");
  });

  it("POST messages is 202 with the task; tasks list it; answering twice is 409; cancel of a finished task is 409 not_cancelable", async () => {
    const sent = await messagesRoute.POST(
      req(`/api/a2a/agents/${id}/messages`, "POST", { parts: [{ kind: "text", text: "input" }] }),
      ctx({ id }),
    );
    expect(sent.status).toBe(202);
    const { taskId } = (await sent.json()) as { taskId: string };
    await until(
      () =>
        getA2a()
          .listRequests()
          .some((r) => r.taskId === taskId),
      5_000,
      "request",
    );
    const tasks = (await (await tasksRoute.GET(req(`/api/a2a/agents/${id}/tasks`), ctx({ id }))).json()) as A2aTaskSummary[];
    expect(tasks.find((t) => t.taskId === taskId)?.state).toBe("input-required");
    const request = getA2a()
      .listRequests()
      .find((r) => r.taskId === taskId)!;
    const first = await requestRoute.POST(
      req(`/api/a2a/requests/${request.id}`, "POST", { kind: "text", text: "Ada" }),
      ctx({ requestId: request.id }),
    );
    expect(first.status).toBe(200);
    expect(((await first.json()) as A2aHumanRequest).status).toBe("answered");
    const second = await requestRoute.POST(
      req(`/api/a2a/requests/${request.id}`, "POST", { kind: "text", text: "Ada" }),
      ctx({ requestId: request.id }),
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe("conflict:a2a_request_answered");
    await until(
      () =>
        getA2a()
          .listTasks(id)
          .find((t) => t.taskId === taskId)?.state === "completed",
      5_000,
      "completed",
    );
    const detail = await taskRoute.GET(req(`/api/a2a/agents/${id}/tasks/${taskId}`), ctx({ id, taskId }));
    expect(detail.status).toBe(200);
    const cancel = await cancelRoute.POST(req(`/api/a2a/agents/${id}/tasks/${taskId}/cancel`, "POST"), ctx({ id, taskId }));
    expect(cancel.status).toBe(409);
    expect(((await cancel.json()) as { error: { code: string } }).error.code).toBe("conflict:a2a_not_cancelable");
  });
  it("an answer the agent refuses is in the audit log as failed, with the agent's words", async () => {
    let forgetful = await startSdkAgent();
    const port = Number(new URL(forgetful.url).port);
    const view = await getA2a().create({ name: "forgetful", url: forgetful.url, headers: {} });
    const sent = await getA2a().send(view.id, { parts: [{ kind: "text", text: "input" }], stream: true });
    await getA2a().waitExchange(sent.exchangeId);
    const request = getA2a()
      .listRequests()
      .find((r) => r.taskId === sent.taskId)!;
    // The agent restarts and no longer has the task: the answer is sent and refused.
    await forgetful.close();
    forgetful = await startSdkAgent(port);
    try {
      const refused = await requestRoute.POST(
        req(`/api/a2a/requests/${request.id}`, "POST", { kind: "text", text: "Ada" }),
        ctx({ requestId: request.id }),
      );
      expect(refused.status).toBe(404);
      // Refused before it is sent: nothing to write.
      const again = await requestRoute.POST(
        req(`/api/a2a/requests/${request.id}`, "POST", { kind: "text", text: "Ada" }),
        ctx({ requestId: request.id }),
      );
      expect(again.status).toBe(409);
      const page = (await (await auditRoute.GET(req("/api/audit?source=a2a&limit=500"))).json()) as AuditPage;
      const rows = page.events
        .filter((e) => e.requestId === request.id)
        .map((e) => ({ kind: e.kind, detail: e.detail }))
        .reverse();
      expect(rows).toEqual([
        { kind: "raised", detail: null },
        { kind: "failed", detail: expect.stringMatching(/task/i) },
      ]);
    } finally {
      await forgetful.close();
    }
  });
});
