import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { Store } from "@/lib/server/store";
import { startA2aDemo, type A2aDemo } from "@/demo/a2a/demo-agent";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";

/**
 * Two instances' A2A registries on one PostgreSQL database (issue 25), the real demo A2A agent:
 * - a push webhook registered on A after B started, the agent's POSTs reaching B (a load balancer in
 *   front): B accepts them with the token read from the store, each update recorded once, listed on A too;
 * - a non-streaming task (message/send, not blocking) A left working when it died: B, taking the agent
 *   over, follows it with tasks/get until it completes, not once.
 */
const withPg = pgAvailable();
const dirs: ReturnType<typeof tempDir>[] = [];
const registries: A2aRegistry[] = [];
const demos: A2aDemo[] = [];
let pg: PgCluster;
let webhook: Server | undefined;

function instance(url: string): A2aRegistry {
  const dir = tempDir("loupe-a2a-inst-");
  dirs.push(dir);
  const registry = new A2aRegistry(new Hub(new Store(dir.dir, { databaseUrl: url })));
  registries.push(registry);
  return registry;
}

async function stop(registry: A2aRegistry): Promise<void> {
  await registry.closeAll();
  if (registry.hub.store.db.open) registry.hub.store.close();
}

beforeAll(async () => {
  if (withPg) pg = await startPgCluster();
}, 120_000);

afterAll(async () => {
  for (const registry of registries) await stop(registry);
  for (const demo of demos) await demo.stop();
  await new Promise<void>((r) => (webhook ? webhook.close(() => r()) : r()));
  pg?.stop();
  for (const d of dirs) d.cleanup();
});

/** B's webhook as a balancer would reach it: every POST to /a2a-push/<id> handed to B's registry. */
async function webhookOn(b: A2aRegistry, statuses: number[]): Promise<number> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      const answer = b.receivePush(
        decodeURIComponent((req.url ?? "").replace("/a2a-push/", "")),
        headers,
        Buffer.concat(chunks).toString(),
      );
      statuses.push(answer.status);
      res.writeHead(answer.status, { "content-type": "application/json" }).end("{}");
    });
  });
  webhook = server;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

describe.runIf(withPg)("A2A on two instances", () => {
  it("a push webhook registered on A after B started is accepted by B, each update recorded once", async () => {
    const url = pg.createDatabase("a2a_push_across");
    const demo = await startA2aDemo({ port: 0, timing: { stepMs: 0, slowStepMs: 40, slowSteps: 10 } });
    demos.push(demo);
    const a = instance(url);
    const b = instance(url);
    const c = instance(url);
    const statuses: number[] = [];
    process.env.LOUPE_PORT = String(await webhookOn(b, statuses));
    const id = (await a.create({ name: "demo", url: demo.url, headers: {} })).id;
    expect(b.syncSaved()).toContain(id); // the keeper's round on B
    const { taskId, exchangeId } = await a.send(id, { parts: [{ kind: "text", text: "slow" }], stream: true });
    if (!taskId) throw new Error("slow started no task");
    const registration = await a.registerPush(id, taskId);
    await a.waitExchange(exchangeId);
    await until(() => statuses.length > 0 && a.getTask(id, taskId).state === "completed", 15_000, "pushes reaching B");
    await until(() => recorded(b.hub, id, { kind: "a2a_push" }).length === statuses.length, 5_000, "every push recorded");
    expect(statuses.every((s) => s === 200)).toBe(true);
    const pushes = recorded(b.hub, id, { kind: "a2a_push" }).map((e) => e.raw);
    expect(pushes).toEqual(pushes.map(() => expect.objectContaining({ pushId: registration.pushId, taskId })));
    // Recorded once, in the shared store: A lists the same entries B recorded.
    expect(recorded(a.hub, id, { kind: "a2a_push" }).map((e) => e.seq)).toEqual(
      recorded(b.hub, id, { kind: "a2a_push" }).map((e) => e.seq),
    );
    expect(b.getTask(id, taskId).push?.received).toBe(statuses.length);
    // The count is the store's: A, which registered the webhook but got none of the pushes, and C,
    // which neither registered it nor got any, read the same.
    expect(a.getTask(id, taskId).push?.received).toBe(statuses.length);
    expect(c.syncSaved()).toContain(id);
    expect(c.getTask(id, taskId).push).toMatchObject({ pushId: registration.pushId, received: statuses.length });

    // The agent removed on A: its webhook answers B no more (B knew it in memory from the pushes above).
    const row = a.hub.store.prepare("SELECT token FROM a2a_push WHERE push_id = ?").get(registration.pushId);
    const token = row && typeof row === "object" && "token" in row ? String(row.token) : "";
    expect(token).not.toBe("");
    a.remove(id);
    const late = b.receivePush(registration.pushId, { "x-a2a-notification-token": token }, JSON.stringify({ kind: "status-update" }));
    expect(late.status).toBe(401);
  }, 60_000);

  it("a non-streaming task A left working is followed by B with tasks/get until it completes", async () => {
    const url = pg.createDatabase("a2a_follow_across");
    const demo = await startA2aDemo({ port: 0, streaming: false, timing: { stepMs: 0, slowStepMs: 100, slowSteps: 25 } });
    demos.push(demo);
    const a = instance(url);
    const id = (await a.create({ name: "demo", url: demo.url, headers: {} })).id;
    const { taskId } = await a.send(id, { parts: [{ kind: "text", text: "slow" }], stream: false, blocking: false });
    if (!taskId) throw new Error("slow started no task");
    await until(() => ["submitted", "working"].includes(a.listTasks(id).find((t) => t.taskId === taskId)?.state ?? ""), 5_000, "A's task");
    a.tasks.flush();
    const b = instance(url);
    await stop(a);

    await b.takeOver(id, { name: "Loupe A (127.0.0.1:1)" });
    expect(b.getTask(id, taskId).state).toBe("working");
    // The agent finishes about 2.5 s after the send: B asks again, on its own, until it sees that.
    await until(() => b.listTasks(id).find((t) => t.taskId === taskId)?.state === "completed", 20_000, "the task completed on B");
    expect(b.getTask(id, taskId).lost).toBeUndefined();
  }, 60_000);
});
