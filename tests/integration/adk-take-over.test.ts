import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkSessionKey, type RunRecord } from "@/lib/contracts/agents";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { recorded } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { Store } from "@/lib/server/store";
import { SCRIPTED_ONLY, startAgentServer, type AgentServer } from "@/demo/adk/start-agent-server";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";

/**
 * Two instances' ADK agent registries on one PostgreSQL database (issue 25), a real `adk api_server`
 * running the demo agent: A raises a confirmation and stops; B, which did not run the session, takes
 * the agent server over (what its lease's open does): the run A left "running" fails in words, and
 * the confirmation is answered on B, a new /run_sse that completes the tool in the ADK session.
 */
const withPg = pgAvailable();
const dirA = tempDir("loupe-adk-take-a-");
const dirB = tempDir("loupe-adk-take-b-");
const dirs = [dirA, dirB];
let pg: PgCluster;
let server: AgentServer;
let a: AgentRegistry;
let b: AgentRegistry;
let url = "";

beforeAll(async () => {
  if (!withPg) return;
  pg = await startPgCluster();
  url = pg.createDatabase("adk_take_over");
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  a = new AgentRegistry(new Hub(new Store(dirA.dir, { databaseUrl: url })));
  b = new AgentRegistry(new Hub(new Store(dirB.dir, { databaseUrl: url })));
}, 120_000);

afterAll(async () => {
  for (const registry of [a, b]) {
    await registry?.closeAll();
    registry?.hub.store.close();
  }
  await server?.stop();
  pg?.stop();
  for (const d of dirs) d.cleanup();
});

describe.runIf(withPg)("an ADK agent server taken over by another instance", () => {
  it("keeps the confirmation A raised answerable on B, and closes A's unfinished run in words", async () => {
    const id = (await a.create({ name: "demo", url: server.url, headers: {}, userId: "u1" })).id;
    await a.createSession(id, "loupe_demo", { sessionId: "s-take" });
    const first = a.run(id, "loupe_demo", "s-take", { parts: [{ text: "delete" }], streaming: false });
    expect((await a.waitRun(first.id))?.status).toBe("completed");
    const key = adkSessionKey("loupe_demo", "u1", "s-take");
    const pending = a.listInbox().find((i) => i.sessionKey === key && i.kind === "confirmation" && i.status === "pending");
    if (!pending) throw new Error("no confirmation is pending on A");

    // A run A was still streaming when it died (its row says "running"; nothing on A will end it).
    const left: RunRecord = { ...first, id: "run-left-by-a", status: "running", endedAt: null, eventCount: 1 };
    a.agentStore.saveRun(left);
    // Another instance opening the shared store leaves A's live runs alone (it used to fail them all at startup).
    const third = new AgentRegistry(new Hub(new Store(dirB.dir + "-c", { databaseUrl: url })));
    expect(third.getRun(left.id)?.status).toBe("running");
    third.hub.store.close();

    // B knew nothing of the session: the saved server shows up, the request is unknown before the take-over.
    expect(b.syncSaved()).toContain(id);
    await expect(
      b.answer(id, { sessionKey: key, interruptId: pending.id, answer: { kind: "confirmation", confirmed: true }, streaming: false }),
    ).rejects.toMatchObject({ code: "not_found:interrupt" });
    // While another instance holds the server, B's inbox reads what it records from the store (catchUp, run by
    // listInbox for servers held elsewhere): A's confirmation is listed pending, once, and stays once on a second read.
    b.inbox.catchUp(id);
    expect(b.inbox.list().find((i) => i.id === pending.id)).toMatchObject({ status: "pending", sessionKey: key });
    b.inbox.catchUp(id);
    expect(b.inbox.list().filter((i) => i.id === pending.id)).toHaveLength(1);

    await b.takeOver(id, { name: "Loupe A (127.0.0.1:1)" });
    expect(b.getRun(left.id)).toMatchObject({
      status: "failed",
      error: { code: "upstream:instance_stopped", message: expect.stringContaining("Loupe A (127.0.0.1:1) stopped") },
    });
    expect(b.listInbox().find((i) => i.id === pending.id)).toMatchObject({ status: "pending", sessionKey: key });

    const res = await b.answer(id, {
      sessionKey: key,
      interruptId: pending.id,
      answer: { kind: "confirmation", confirmed: true, payload: { path: "/tmp/taken-over.log" } },
      streaming: false,
    });
    const run = res.run && (await b.waitRun(res.run.id));
    expect(run).toMatchObject({ status: "completed", answersInterruptId: pending.id });
    const events = JSON.stringify(recorded(b.hub, id, { sessionKey: key, kind: "event" }).map((e) => e.raw));
    expect(events).toContain('"deleted":"/tmp/taken-over.log"');
    // The ADK session itself holds the answer and the tool's result.
    const session = await b.getSession(id, "loupe_demo", "s-take");
    expect(JSON.stringify(session.events)).toContain('"deleted":"/tmp/taken-over.log"');
    expect(b.listInbox().find((i) => i.id === pending.id)?.status).toBe("answered");
  }, 120_000);
});
