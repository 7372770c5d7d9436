import { afterAll, describe, expect, it } from "vitest";
import type { TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as tasksRoute from "@/app/api/connections/[id]/tasks/route";
import * as oneTask from "@/app/api/connections/[id]/tasks/[taskId]/route";
import * as poll from "@/app/api/connections/[id]/tasks/[taskId]/poll/route";
import * as result from "@/app/api/connections/[id]/tasks/[taskId]/result/route";
import * as cancel from "@/app/api/connections/[id]/tasks/[taskId]/cancel/route";

const data = tempDir("loupe-tasks-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (url: string, body?: unknown) =>
  new Request(base + url, {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

describe("task route handlers", () => {
  it("create → poll → result → list, cancel, and clear errors for bad input", async () => {
    const { id } = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]));
    const url = `/api/connections/${id}/tasks`;

    const bad = await tasksRoute.POST(post(url, { arguments: {} }), ctx({ id }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request:body");
    const refused = await tasksRoute.POST(post(url, { name: "echo", arguments: { message: "m" } }), ctx({ id }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/"echo" cannot run as a task/);
    const noConn = await tasksRoute.GET(new Request(base + "/api/connections/nope/tasks"), ctx({ id: "nope" }));
    expect(noConn.status).toBe(404);

    const res = await tasksRoute.POST(post(url, { name: "simulate-research-query", arguments: { topic: "routes" } }), ctx({ id }));
    expect(res.status).toBe(201);
    const task = (await res.json()) as TaskRecord;
    const taskId = task.taskId;
    let status = task.status;
    for (let i = 0; i < 40 && status !== "completed"; i++) {
      await sleep(task.pollInterval ?? 500);
      status = ((await (await poll.POST(post(`${url}/${taskId}/poll`), ctx({ id, taskId }))).json()) as TaskRecord).status;
    }
    expect(status).toBe("completed");
    const fetched = (await (await result.POST(post(`${url}/${taskId}/result`), ctx({ id, taskId }))).json()) as TaskRecord;
    expect(JSON.stringify(fetched.result)).toContain("Research Report: routes");
    const one = (await (await oneTask.GET(new Request(base + `${url}/${taskId}`), ctx({ id, taskId }))).json()) as TaskRecord;
    expect(one.result).toEqual(fetched.result);

    const second = (await (
      await tasksRoute.POST(post(url, { name: "simulate-research-query", arguments: { topic: "c" } }), ctx({ id }))
    ).json()) as TaskRecord;
    const cancelled = (await (
      await cancel.POST(post(`${url}/${second.taskId}/cancel`), ctx({ id, taskId: second.taskId }))
    ).json()) as TaskRecord;
    expect(cancelled.status).toBe("cancelled");

    const listing = (await (await tasksRoute.GET(new Request(base + url), ctx({ id }))).json()) as TaskListing;
    expect(listing.support.toolsCall).toBe(true);
    expect(listing.tasks.map((t) => [t.taskId, t.status])).toEqual(
      expect.arrayContaining([
        [taskId, "completed"],
        [second.taskId, "cancelled"],
      ]),
    );
    const unknown = await oneTask.GET(new Request(base + `${url}/zzz`), ctx({ id, taskId: "zzz" }));
    expect(unknown.status).toBe(404);
  });
});
