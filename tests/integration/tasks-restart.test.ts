import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { Hub } from "@/lib/server/hub";
import { getTaskManager } from "@/lib/server/mcp/tasks";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-tasks-restart-");
const open: Registry[] = [];

afterAll(async () => {
  for (const r of open) {
    await r.closeAll();
    r.hub.store.close();
  }
  data.cleanup();
});

const WITH_TASKS: ClientCapabilitiesConfig = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, tasks: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new Loupe process has none of the old one's memory: drop the process-wide task manager. */
function forgetProcessMemory(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("loupe.tasks")];
}

describe("task records survive a restart of Loupe", () => {
  it("a finished task keeps its result; a task running when Loupe stopped is listed as one of a dead session", async () => {
    const first = new Registry(new Hub(openStore(data.dir)));
    const { id } = await first.create({ ...stdioInput("everything-tasks", [EVERYTHING, "stdio"]), clientCapabilities: WITH_TASKS });
    const conn = first.connection(id);
    const tasks = getTaskManager();

    const finished = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "kept" } });
    for (let i = 0; i < 100 && tasks.get(conn, finished.taskId).status !== "completed"; i++) await sleep(200);
    const done = await tasks.fetchResult(conn, finished.taskId);
    expect(done.status).toBe("completed");
    const running = await tasks.run(conn, { name: "simulate-research-query", arguments: { topic: "cut off" } });
    expect(running.status).toBe("working");
    const oldSession = conn.sessionKey;

    // Loupe stops while the second task runs.
    await first.closeAll();
    first.hub.store.close();
    forgetProcessMemory();

    const second = new Registry(new Hub(openStore(data.dir)));
    open.push(second);
    await second.connect(id);
    const conn2 = second.connection(id);
    const listing = await getTaskManager().listing(conn2);
    expect(listing.sessionKey).toBe(conn2.sessionKey);
    const byId = new Map(listing.tasks.map((t) => [t.taskId, t] as [string, TaskRecord]));
    expect(byId.get(finished.taskId)).toMatchObject({
      status: "completed",
      tool: "simulate-research-query",
      args: { topic: "kept" },
      sessionKey: oldSession,
    });
    expect(JSON.stringify(byId.get(finished.taskId)!.result)).toContain("Research Report: kept");
    const cut = byId.get(running.taskId);
    expect(cut).toMatchObject({ status: "working", tool: "simulate-research-query", args: { topic: "cut off" }, sessionKey: oldSession });
    expect(cut!.sessionKey).not.toBe(listing.sessionKey);
    // The server of the new session does not know it: Loupe says so instead of asking.
    await expect(getTaskManager().poll(conn2, running.taskId)).rejects.toMatchObject({ code: "conflict:task_session" });
    expect(getTaskManager().get(conn2, finished.taskId).status).toBe("completed");
  }, 60_000);
});

const idsData = tempDir("loupe-task-ids-");
afterAll(() => idsData.cleanup());

describe("a task id the server hands out again in a later session", () => {
  it("is a new task: its own args, session, status and result, not the earlier task's", async () => {
    const fixture = path.resolve(import.meta.dirname, "../fixtures/counter-task-server.mjs");
    const registry = new Registry(new Hub(openStore(idsData.dir)));
    open.push(registry);
    const { id } = await registry.create({ ...stdioInput("counter-tasks", [fixture]), clientCapabilities: WITH_TASKS });
    const tasks = getTaskManager();
    const settle = async (conn: ReturnType<Registry["connection"]>, taskId: string): Promise<TaskRecord> => {
      for (let i = 0; i < 50 && (await tasks.poll(conn, taskId)).status !== "completed"; i++) await sleep(100);
      return tasks.fetchResult(conn, taskId);
    };

    const conn1 = registry.connection(id);
    const first = await tasks.run(conn1, { name: "job", arguments: { label: "first" } });
    expect(first.taskId).toBe("task-1");
    expect(JSON.stringify((await settle(conn1, first.taskId)).result)).toContain("job first done");

    // Reconnect: a new server process, whose counter starts again.
    await registry.connect(id);
    const conn2 = registry.connection(id);
    const second = await tasks.run(conn2, { name: "job", arguments: { label: "second" } });
    expect(second.taskId).toBe("task-1");
    expect(second).toMatchObject({ args: { label: "second" }, sessionKey: conn2.sessionKey });
    expect(second.status).not.toBe("completed");
    expect(second.result).toBeUndefined();
    const done = await settle(conn2, second.taskId);
    expect(JSON.stringify(done.result)).toContain("job second done");
    expect(JSON.stringify(done.result)).not.toContain("job first done");
  }, 30_000);
});
