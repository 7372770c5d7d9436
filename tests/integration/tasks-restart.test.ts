import { afterAll, describe, expect, it } from "vitest";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { Hub } from "@/lib/server/hub";
import { getTaskManager } from "@/lib/server/mcp-tasks";
import { Registry } from "@/lib/server/registry";
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
    expect(byId.get(finished.taskId)).toMatchObject({ status: "completed", tool: "simulate-research-query", args: { topic: "kept" }, sessionKey: oldSession });
    expect(JSON.stringify(byId.get(finished.taskId)!.result)).toContain("Research Report: kept");
    const cut = byId.get(running.taskId);
    expect(cut).toMatchObject({ status: "working", tool: "simulate-research-query", args: { topic: "cut off" }, sessionKey: oldSession });
    expect(cut!.sessionKey).not.toBe(listing.sessionKey);
    // The server of the new session does not know it: Loupe says so instead of asking.
    await expect(getTaskManager().poll(conn2, running.taskId)).rejects.toMatchObject({ code: "conflict:task_session" });
    expect(getTaskManager().get(conn2, finished.taskId).status).toBe("completed");
  }, 60_000);
});
