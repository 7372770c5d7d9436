import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskRecord, TaskStatus } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import { Hub } from "@/lib/server/hub";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getTaskManager, installTaskHandlers } from "@/lib/server/mcp/tasks";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { EVERYTHING, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-tasks-");
let registry: Registry;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
const tasks = getTaskManager();

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  http = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  await registry.closeAll();
  await http?.stop();
  registry.hub.store.close();
  data.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls tasks/get (honouring pollInterval) until `done`; returns every status seen. */
async function pollUntil(id: string, taskId: string, done: (t: TaskRecord) => boolean, deadlineMs = 20_000) {
  const conn = registry.connection(id);
  const seen: TaskRecord[] = [];
  const until = Date.now() + deadlineMs;
  for (;;) {
    const t = await tasks.poll(conn, taskId);
    seen.push(t);
    if (done(t)) return seen;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${t.status}: ${t.statusMessage}`);
    await sleep(t.pollInterval ?? 500);
  }
}

/** Waits (without polling) until Loupe's record satisfies `done`: notifications drive it. */
async function waitForRecord(id: string, taskId: string, done: (t: TaskRecord) => boolean, deadlineMs = 20_000) {
  const conn = registry.connection(id);
  const until = Date.now() + deadlineMs;
  for (;;) {
    const t = tasks.get(conn, taskId);
    if (done(t)) return t;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${t.status} (awaitingResult=${t.awaitingResult})`);
    await sleep(50);
  }
}

function taskEntries(id: string, taskId: string): TaskRecord[] {
  return registry
    .traffic(id, { limit: 10_000 })
    .filter((e) => e.protocol === "loupe" && e.kind === "task")
    .map((e) => e.raw as TaskRecord)
    .filter((t) => t.taskId === taskId);
}

function sentMethods(id: string): string[] {
  return registry
    .traffic(id, { limit: 10_000 })
    .filter((e) => e.kind === "message" && e.direction === "out")
    .map((e) => (e.raw as { method?: string }).method ?? "");
}

function suite(label: string, input: () => Parameters<Registry["create"]>[0]) {
  describe(`tasks against server-everything over ${label}`, () => {
    let id = "";

    it("connects; the server declares tasks and simulate-research-query requires them", async () => {
      const view = await registry.create(input());
      id = view.id;
      expect(view.state.status).toBe("connected");
      const conn = registry.connection(id);
      // What McpConnection.open() is expected to call (the lead wires it in).
      installTaskHandlers(conn, conn.client!, conn.generation);
      const listing = await tasks.listing(conn);
      expect(listing.support).toEqual({ toolsCall: true, list: true, cancel: true });
      const tool = (await registry.listTools(id)).tools.find((t) => t.name === "simulate-research-query");
      expect(tool?.execution?.taskSupport).toBe("required");
    });

    it("runs simulate-research-query as a task: working → completed, result fetched, listed", async () => {
      const conn = registry.connection(id);
      const created = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "x" }, ttl: 120_000 });
      expect(created).toMatchObject({ origin: "loupe", tool: "simulate-research-query", args: { topic: "x" }, connectionId: id });
      expect(created.taskId).toEqual(expect.any(String));
      expect(["working", "completed"]).toContain(created.status);
      expect(created.pollInterval).toBe(1000);
      // The task param was really sent on tools/call.
      const call = registry
        .traffic(id, { limit: 10_000 })
        .find((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tools/call");
      expect((call?.raw as { params: { task?: unknown } }).params.task).toEqual({ ttl: 120_000 });

      const seen = await pollUntil(id, created.taskId, (t) => t.status === "completed");
      expect(seen.some((t) => t.status === "working" && /\.\.\.$/.test(t.statusMessage ?? ""))).toBe(true);
      expect(seen.at(-1)!.result).toBeUndefined();

      const done = await tasks.fetchResult(conn, created.taskId);
      expect(done.status).toBe("completed");
      expect(done.awaitingResult).toBe(false);
      const text = (done.result as { content: { type: string; text: string }[] }).content[0]!.text;
      expect(text).toContain("# Research Report: x");
      expect(sentMethods(id)).toEqual(expect.arrayContaining(["tasks/get", "tasks/result"]));

      // Every change went out as a loupe "task" entry; the last one carries the result.
      const entries = taskEntries(id, created.taskId);
      expect(entries.map((t) => t.status)).toContain("working");
      expect(entries.at(-1)).toMatchObject({ status: "completed", tool: "simulate-research-query" });
      expect(JSON.stringify(entries.at(-1)!.result)).toContain("Research Report: x");

      const listing = await tasks.listing(conn);
      expect(sentMethods(id)).toContain("tasks/list");
      const listed = listing.tasks.find((t) => t.taskId === created.taskId);
      expect(listed).toMatchObject({ status: "completed", tool: "simulate-research-query", origin: "loupe" });
      expect(listing.sessionKey).toBe(conn.sessionKey);
    });

    it("follows notifications/tasks/status without polling", async () => {
      const conn = registry.connection(id);
      const created = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "pushed" } });
      const before = sentMethods(id).filter((m) => m === "tasks/get").length;
      const done = await waitForRecord(id, created.taskId, (t) => t.status === "completed");
      expect(done.statusMessage ?? "").not.toBe("");
      expect(sentMethods(id).filter((m) => m === "tasks/get").length).toBe(before);
    });

    it("cancels a running task", async () => {
      const conn = registry.connection(id);
      const created = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "to cancel" } });
      const cancelled = await tasks.cancel(conn, created.taskId);
      expect(cancelled.status).toBe("cancelled");
      expect(sentMethods(id)).toContain("tasks/cancel");
      await sleep(1_200);
      // The server keeps it cancelled (its background work may still try to update it).
      expect((await tasks.poll(conn, created.taskId)).status).toBe("cancelled");
      const listed = (await tasks.listing(conn)).tasks.find((t) => t.taskId === created.taskId);
      expect(listed?.status).toBe("cancelled");
      // Cancelling a finished task is the server's error, shown with the request that failed.
      const err = await tasks.cancel(conn, created.taskId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toMatch(/tasks\/cancel failed: .*terminal status/);
      expect(tasks.get(conn, created.taskId).error).toMatchObject({ method: "tasks/cancel" });
    });

    it("refuses a tool that does not support tasks, with a clear error, sending nothing", async () => {
      const conn = registry.connection(id);
      const calls = sentMethods(id).filter((m) => m === "tools/call").length;
      const err = await tasks.run(conn, { name: "echo", arguments: { message: "hi" } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe("bad_request:task_support");
      const echo = (await registry.listTools(id)).tools.find((t) => t.name === "echo");
      expect(echo?.execution?.taskSupport ?? "forbidden").toBe("forbidden");
      expect((err as AppError).message).toMatch(/^Tool "echo" cannot run as a task\b.*forbidden/);
      const missing = await tasks.run(conn, { name: "no-such-tool", arguments: {} }).catch((e: unknown) => e);
      expect((missing as AppError).code).toBe("not_found:tool");
      expect(sentMethods(id).filter((m) => m === "tools/call").length).toBe(calls);
      const unknown = await tasks.poll(conn, "no-such-task").catch((e: unknown) => e);
      expect((unknown as AppError).code).toBe("upstream:rpc_error");
    });

    it("shows input_required for an ambiguous query and opens tasks/result so the question can reach the client", async () => {
      const conn = registry.connection(id);
      const created = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "python", ambiguous: true } });
      const statuses = new Set<TaskStatus>();
      const asked = await waitForRecord(id, created.taskId, (t) => {
        statuses.add(t.status);
        return t.status === "input_required" || isDone(t.status);
      });
      expect(asked.status).toBe("input_required");
      expect(asked.statusMessage).toMatch(/clarification/i);
      // tasks/result was sent by Loupe itself: the elicitation travels on its response stream.
      await waitForRecord(id, created.taskId, () => sentMethods(id).includes("tasks/result"), 5_000);
      const elicit = await waitFor(() =>
        registry
          .traffic(id, { limit: 10_000 })
          .find((e) => e.direction === "in" && (e.raw as { method?: string }).method === "elicitation/create"),
      );
      expect(JSON.stringify(elicit.raw)).toContain("Python programming language");
      // Whoever answers (the inbox, or nobody), Loupe can still cancel it.
      const now = tasks.get(conn, created.taskId);
      if (!isDone(now.status)) {
        expect((await tasks.cancel(conn, created.taskId)).status).toBe("cancelled");
      }
    });

    it("refuses to poll a task of an earlier session after a reconnect", async () => {
      const conn = registry.connection(id);
      const [first] = (await tasks.listing(conn)).tasks;
      await registry.connect(id);
      const err = await tasks.poll(registry.connection(id), first!.taskId).catch((e: unknown) => e);
      expect((err as AppError).code).toBe("conflict:task_session");
      const listing = await tasks.listing(registry.connection(id));
      expect(listing.tasks.find((t) => t.taskId === first!.taskId)?.sessionKey).not.toBe(listing.sessionKey);
    });
  });
}

function isDone(s: TaskStatus): boolean {
  return s === "completed" || s === "failed" || s === "cancelled";
}

async function waitFor<T>(get: () => T | undefined, deadlineMs = 10_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("timed out");
    await sleep(50);
  }
}

suite("stdio", () => stdioInput("everything-tasks-stdio", [EVERYTHING, "stdio"]));
suite("Streamable HTTP", () => ({
  name: "everything-tasks-http",
  transport: "http",
  url: `http://127.0.0.1:${http.port}/mcp`,
  headers: {},
  requestTimeoutMs: 20_000,
}));

describe("a task's question while an unrelated tools/call runs", () => {
  it("is not tied to that call: the call ending leaves the question pending and answerable", async () => {
    const view = await registry.create(stdioInput("everything-task-question", [EVERYTHING, "stdio"]));
    const id = view.id;
    const conn = registry.connection(id);
    installTaskHandlers(conn, conn.client!, conn.generation);
    const requests = getClientRequests();
    const before = new Set(requests.list({ connectionId: id }).map((r) => r.id));
    // A long call of the user's own runs while the task asks its question.
    const long = registry.callTool(id, {
      callId: "unrelated-long",
      name: "trigger-long-running-operation",
      arguments: { duration: 30, steps: 30 },
    });
    await waitFor(() => (registry.listCalls(id, { tool: "trigger-long-running-operation" })[0]?.status === "running" ? true : undefined));
    const created = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "python", ambiguous: true } });
    const question = await waitFor(() => requests.list({ connectionId: id }).find((r) => !before.has(r.id)), 15_000);
    // Precondition of the case: the long call was the one tools/call running when it arrived.
    expect(registry.listCalls(id, { tool: "trigger-long-running-operation" })[0]?.status).toBe("running");
    expect(JSON.stringify(question.params)).toContain(created.taskId);
    expect(question.relatedCall).toBeUndefined();

    registry.cancelCall(id, "unrelated-long", "done with it");
    expect((await long).status).toBe("cancelled");
    await sleep(600);
    expect(requests.get(question.id)?.status).toBe("pending");
    expect((await requests.answer(id, question.id, { action: "decline" })).status).toBe("answered");
    await registry.remove(id);
  }, 40_000);
});
