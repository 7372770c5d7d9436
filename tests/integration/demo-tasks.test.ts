import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getTaskManager } from "@/lib/server/mcp/tasks";
import { stdioInput, tempDir } from "@/tests/support/servers";
import path from "node:path";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { demoMcpInput } from "@/demo/peers";
import { createDemoRuntime } from "@/demo/mcp/server";
import { serveDemoHttp } from "@/demo/mcp/serve-http";
import type { DemoHttpServer } from "@/demo/mcp/serve-http";
import * as tasksRoute from "@/app/api/connections/[id]/tasks/route";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";
import * as callRoute from "@/app/api/connections/[id]/tools/call/route";
import type { CallRecord } from "@/lib/contracts/calls";

// The demo server's rebook-all through Loupe's Tasks view API on a 2026-07-28 connection with
// tasks on: it becomes a task of the Tasks extension (flavour "extension"), its mid-way question
// lands in the inbox, the answer goes back as tasks/update, and the listing shows it completed.
const data = tempDir("loupe-demo-tasks-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (body: unknown) =>
  new Request(base + "/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
const WITH_TASKS = { sampling: true, elicitationForm: true, elicitationUrl: false, roots: true, tasks: true };

let http: DemoHttpServer;
beforeAll(async () => {
  http = await serveDemoHttp(createDemoRuntime(), { port: 7114 });
});
afterAll(async () => {
  await getRegistry().closeAll();
  await http?.close();
  data.cleanup();
});

async function until<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const launch = demoServerLaunch();
const inputs: Record<string, () => ConnectionInput> = {
  stdio: () => ({
    ...stdioInput("demo-tasks-stdio", launch.args, { command: launch.command, env: launch.env }),
    protocolEra: "2026-07-28",
    clientCapabilities: WITH_TASKS,
  }),
  HTTP: () => ({
    name: "demo-tasks-http",
    transport: "http",
    url: http.url,
    headers: {},
    requestTimeoutMs: 20_000,
    protocolEra: "2026-07-28",
    clientCapabilities: WITH_TASKS,
  }),
};

describe("the demo's rebook-all in Loupe's Tasks view (Tasks extension)", () => {
  for (const [transport, input] of Object.entries(inputs)) {
    it(`over ${transport}: listed with flavour "extension", its question answered from the inbox, completed`, async () => {
      const view = await getRegistry().create(input());
      expect(view.state.era?.version).toBe("2026-07-28");
      const id = view.id;
      const res = await tasksRoute.POST(post({ name: "rebook-all", arguments: { passengers: 2, stepMs: 100 } }), ctx({ id }));
      expect(res.status).toBe(201);
      const created = (await res.json()) as TaskRecord;
      expect(created).toMatchObject({ flavour: "extension", tool: "rebook-all", status: "working", pollInterval: 250 });

      const question = await until(() =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      );
      expect(question).toMatchObject({ kind: "elicitation_form", jsonrpcId: "seating" });
      expect(String(question.params.message)).toContain("1 of 2 passengers are rebooked");
      const answered = await answerRoute.POST(
        post({ action: "accept", content: { seating: "together" } }),
        ctx({ id, requestId: question.id }),
      );
      expect(answered.status).toBe(200);

      const done = await until(() => {
        const conn = getRegistry().connection(id);
        const record = conn
          ? getTaskManager()
              .recordsFor(conn)
              .find((t) => t.taskId === created.taskId)
          : undefined;
        return record?.status === "completed" ? record : undefined;
      });
      expect(JSON.stringify(done.result)).toContain("rest seated together");
      const listing = (await (await tasksRoute.GET(new Request(`${base}/api/connections/${id}/tasks`), ctx({ id }))).json()) as TaskListing;
      expect(listing.tasks.find((t) => t.taskId === created.taskId)).toMatchObject({
        flavour: "extension",
        status: "completed",
        tool: "rebook-all",
      });
    }, 60_000);
  }
});

describe("the demo's rebook-all from a plain Run (the Tool page's tools/call)", () => {
  it("over stdio: the call ends with status task (not failed) naming the task, which finishes with the result", async () => {
    const view = await getRegistry().create({ ...inputs.stdio!(), name: "demo-tasks-plain" });
    const id = view.id;
    const res = await callRoute.POST(
      post({ name: "rebook-all", arguments: { passengers: 2, stepMs: 100 }, callId: "demo-plain" }),
      ctx({ id }),
    );
    expect(res.status).toBe(200);
    const call = (await res.json()) as CallRecord;
    expect(call).toMatchObject({ status: "task", tool: "rebook-all" });
    expect(call.error).toBeUndefined();
    const stored = getRegistry()
      .listCalls(id, { tool: "rebook-all" })
      .find((c) => c.id === "demo-plain");
    expect(stored).toMatchObject({ status: "task", taskId: call.taskId });

    const question = await until(() =>
      getClientRequests()
        .list({ connectionId: id })
        .find((r) => r.status === "pending"),
    );
    expect(question.params._meta).toEqual({ "io.modelcontextprotocol/related-task": { taskId: call.taskId } });
    expect(
      (await answerRoute.POST(post({ action: "accept", content: { seating: "earliest" } }), ctx({ id, requestId: question.id }))).status,
    ).toBe(200);
    const done = await until(() => {
      const conn = getRegistry().connection(id);
      const record = conn
        ? getTaskManager()
            .recordsFor(conn)
            .find((t) => t.taskId === call.taskId)
        : undefined;
      return record?.status === "completed" ? record : undefined;
    });
    expect(JSON.stringify(done.result)).toContain("rest seated earliest");
  }, 60_000);
});

describe("the demo's rebook-all in Loupe's Tasks view (2025-11-25 tasks)", () => {
  for (const [transport, input] of Object.entries(inputs)) {
    it(`over ${transport}: a 2025-11-25 task, its question (a related-task elicitation) answered from the inbox, completed`, async () => {
      const view = await getRegistry().create({
        ...input(),
        name: `demo-legacy-tasks-${transport}`,
        protocolEra: "2025-11-25",
      });
      expect(view.state.era?.version).toBe("2025-11-25");
      const id = view.id;
      const res = await tasksRoute.POST(post({ name: "rebook-all", arguments: { passengers: 2, stepMs: 100 } }), ctx({ id }));
      expect(res.status).toBe(201);
      const created = (await res.json()) as TaskRecord;
      expect(created).toMatchObject({ tool: "rebook-all", status: "working", pollInterval: 250 });
      expect(created.flavour ?? "2025-11-25").toBe("2025-11-25");

      const question = await until(() =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      );
      expect(String(question.params.message)).toContain("1 of 2 passengers are rebooked");
      const answered = await answerRoute.POST(
        post({ action: "accept", content: { seating: "together" } }),
        ctx({ id, requestId: question.id }),
      );
      expect(answered.status).toBe(200);

      const done = await until(() => {
        const conn = getRegistry().connection(id);
        const record = conn
          ? getTaskManager()
              .recordsFor(conn)
              .find((t) => t.taskId === created.taskId)
          : undefined;
        return record?.status === "completed" ? record : undefined;
      });
      expect(done.status).toBe("completed");
      const listing = (await (await tasksRoute.GET(new Request(`${base}/api/connections/${id}/tasks`), ctx({ id }))).json()) as TaskListing;
      expect(listing.support.toolsCall).toBe(true);
      expect(listing.tasks.find((t) => t.taskId === created.taskId)).toMatchObject({ status: "completed", tool: "rebook-all" });
    }, 60_000);
  }
});

describe("the demo connection npm start creates", () => {
  it("runs rebook-all as a task from the Tasks view with its own settings (era auto → the extension)", async () => {
    const view = await getRegistry().create(await demoMcpInput(path.resolve(import.meta.dirname, "../..")));
    expect(view.state.era?.version).toBe("2026-07-28");
    const res = await tasksRoute.POST(post({ name: "rebook-all", arguments: { passengers: 2, stepMs: 2_000 } }), ctx({ id: view.id }));
    expect(res.status).toBe(201);
    expect((await res.json()) as TaskRecord).toMatchObject({ flavour: "extension", tool: "rebook-all", status: "working" });
  }, 60_000);
});
