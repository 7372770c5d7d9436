import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { Store } from "@/lib/server/store";
import { startA2aDemo, type A2aDemo } from "@/demo/a2a/demo-agent";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";

/**
 * Two instances' A2A registries on one PostgreSQL database (issue 25), the real demo A2A agent (the
 * official @a2a-js/sdk server): the input-required request A raised stays pending while A lives
 * (another instance opening the store used to make it stale) and is listed on B, even one raised
 * after B started. A dies with a `slow` task streaming: B, taking the agent over, resubscribes to it
 * and sees it complete; a task the agent no longer knows is marked lost in words naming A; the
 * request A left is answered on B and its task completes.
 */
const withPg = pgAvailable();
const dirA = tempDir("loupe-a2a-take-a-");
const dirB = tempDir("loupe-a2a-take-b-");
const dirs = [dirA, dirB];
let pg: PgCluster;
let demo: A2aDemo;
let a: A2aRegistry;
let b: A2aRegistry | undefined;
let url = "";

const say = (text: string) => ({ parts: [{ kind: "text" as const, text }], stream: true });

beforeAll(async () => {
  if (!withPg) return;
  pg = await startPgCluster();
  url = pg.createDatabase("a2a_take_over");
  demo = await startA2aDemo({ port: 0, timing: { stepMs: 0, slowStepMs: 50, slowSteps: 40 } });
  a = new A2aRegistry(new Hub(new Store(dirA.dir, { databaseUrl: url })));
}, 120_000);

afterAll(async () => {
  for (const registry of [a, b]) {
    await registry?.closeAll();
    if (registry?.hub.store.db.open) registry.hub.store.close();
  }
  await demo?.stop();
  pg?.stop();
  for (const d of dirs) d.cleanup();
});

describe.runIf(withPg)("an A2A agent taken over by another instance", () => {
  it("keeps A's requests answerable on B, resubscribes to the task A left streaming, marks an unknown one lost", async () => {
    const id = (await a.create({ name: "demo", url: demo.url, headers: {} })).id;
    const pendingOn = (r: A2aRegistry, taskId: string): A2aHumanRequest | undefined =>
      r.listRequests().find((q) => q.taskId === taskId && q.status === "pending");
    const taskOf = async (text: string) => {
      const { taskId, exchangeId } = await a.send(id, say(text));
      if (!taskId) throw new Error(`"${text}" started no task`);
      return { taskId, exchangeId };
    };
    const ask = async () => {
      const { taskId, exchangeId } = await taskOf("ask");
      await a.waitExchange(exchangeId);
      await until(() => pendingOn(a, taskId) !== undefined, 10_000, "A's request");
      return taskId;
    };
    const asked = await ask();
    const slowTask = (await taskOf("slow")).taskId;
    await until(() => a.listTasks(id).find((t) => t.taskId === slowTask)?.state === "working", 10_000, "the slow task working");

    // B starts while A lives: A's request stays pending, and one A raises later is listed on B too.
    b = new A2aRegistry(new Hub(new Store(dirB.dir, { databaseUrl: url })));
    const request = pendingOn(b, asked);
    expect(request).toMatchObject({ status: "pending", agentId: id });
    if (!request) throw new Error("A's request is not listed on B");
    const later = await ask();
    expect(pendingOn(b, later)).toMatchObject({ status: "pending" });
    expect(b.syncSaved()).toContain(id);

    // A dies with the slow task streaming; a task the agent never had is left "working" too.
    a.tasks.flush();
    a.a2aStore.saveTask({
      agentId: id,
      taskId: "task-the-agent-forgot",
      contextId: "ctx-gone",
      state: "working",
      createdAt: Date.now(),
      updatedAt: Date.now(),
      artifactCount: 0,
    });
    await a.closeAll();
    a.hub.store.close();
    expect(b.listTasks(id).find((t) => t.taskId === slowTask)?.state).toBe("working");

    await b.takeOver(id, { name: "Loupe A (127.0.0.1:1)" });
    const forgotten = b.getTask(id, "task-the-agent-forgot");
    expect(forgotten.lost?.reason).toContain("Loupe A (127.0.0.1:1) stopped while this task streamed");
    expect(forgotten.lost?.reason).toContain("could not resubscribe to it");
    const onB = b;
    await until(() => onB.listTasks(id).find((t) => t.taskId === slowTask)?.state === "completed", 15_000, "the slow task completed on B");
    const done = b.getTask(id, slowTask);
    expect(done.lost).toBeUndefined();
    expect(done.statusText).toMatch(/finished/);

    // The request A raised is answered on B: the task continues and completes there.
    const answered = await b.answerRequest(request.id, { kind: "text", text: "Lima" });
    expect(answered.status).toBe("answered");
    await until(() => onB.listTasks(id).find((t) => t.taskId === asked)?.state === "completed", 10_000, "the asked task completed on B");
    await expect(b.answerRequest(request.id, { kind: "text", text: "Quito" })).rejects.toMatchObject({ status: 409 });
  }, 60_000);
});
