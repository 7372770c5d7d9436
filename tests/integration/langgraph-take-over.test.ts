import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LgHumanRequest, LgRunRecord } from "@/lib/contracts/langgraph";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { Store } from "@/lib/server/store";
import { FakeServer } from "@/tests/support/lg-fake-server";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";

/**
 * Two instances' LangGraph services on one PostgreSQL database (issue 25), the in-memory LangGraph
 * server of the requests tests: the run A left streaming and the answer it carried are left alone
 * when B starts (B's start used to end A's live runs as "Loupe stopped"), B neither polls nor syncs
 * a deployment it does not hold, and when B takes it over from a dead A the run ends in words naming
 * A, its answer reads failed (retryable), and the interrupt A found pending is answered on B once.
 */
const withPg = pgAvailable();
const dirA = tempDir("loupe-lg-take-a-");
const dirB = tempDir("loupe-lg-take-b-");
const dirs = [dirA, dirB];
const fake = new FakeServer();
let pg: PgCluster;
let url = "";
let a: LangGraphService;
let b: LangGraphService | undefined;

beforeAll(async () => {
  if (!withPg) return;
  pg = await startPgCluster();
  url = pg.createDatabase("langgraph_take_over");
  a = new LangGraphService(new Hub(new Store(dirA.dir, { databaseUrl: url })), { clientFor: () => fake });
}, 120_000);

afterAll(async () => {
  for (const service of [a, b]) {
    await service?.closeAll();
    service?.hub.store.close();
  }
  pg?.stop();
  for (const d of dirs) d.cleanup();
});

describe.runIf(withPg)("a LangGraph deployment taken over by another instance", () => {
  it("keeps A's live run alone while A lives; on take-over ends it in words and answers A's interrupt on B", async () => {
    const dep = (await a.create({ name: "fake", url: "http://127.0.0.1:1/", headers: {}, pollSeconds: 0 })).id;
    fake.interrupt("t-ask", [{ id: "I1", value: { q: "ship it?" } }]);
    fake.interrupt("t-resuming", [{ id: "I2", value: { q: "retry?" } }]);
    await a.threads.detail(dep, "t-ask");
    await a.threads.detail(dep, "t-resuming");
    // Read from the store: A's inbox read would start a look (discovery) at A's threads behind it.
    const of = (service: LangGraphService, threadId: string): LgHumanRequest | undefined =>
      service.store.listRequests().find((r) => r.threadId === threadId);
    const asked = of(a, "t-ask");
    const resuming = of(a, "t-resuming");
    if (!asked || !resuming) throw new Error("A found no interrupt");
    expect([asked.status, resuming.status]).toEqual(["pending", "pending"]);
    // A is streaming the resume run that carries the answer to I2 (its row says "running").
    const left: LgRunRecord = {
      runId: "run-left-by-a",
      threadId: "t-resuming",
      deploymentId: dep,
      assistantId: "asst",
      status: "running",
      startedAt: Date.now(),
      endedAt: null,
      eventCount: 1,
      answers: [resuming.id],
    };
    a.store.saveRun(left);
    a.store.saveRequest({
      ...resuming,
      status: "answered",
      answeredAt: Date.now(),
      answer: { kind: "value", value: "yes" },
      answeredByRunId: left.runId,
    });

    // B starts while A lives: A's run and its answer stay as they are; B lists A's pending interrupt.
    const searched = fake.searches;
    b = new LangGraphService(new Hub(new Store(dirB.dir, { databaseUrl: url })), { clientFor: () => fake });
    expect(b.store.getRun(left.runId)?.status).toBe("running");
    expect(b.syncSaved()).toContain(dep);
    expect(b.listRequests().find((r) => r.threadId === "t-ask")).toMatchObject({ id: asked.id, status: "pending" });
    await b.refreshRequests();
    await b.threads.detail(dep, "t-resuming");
    expect(fake.searches).toBe(searched);
    expect(b.store.getRun(left.runId)?.status).toBe("running");
    expect(b.getRequest(resuming.id).status).toBe("answered");

    // A dies; B takes the deployment over.
    await b.takeOver(dep, { name: "Loupe A (127.0.0.1:1)" });
    expect(b.store.getRun(left.runId)).toMatchObject({
      status: "error",
      error: { code: "upstream:instance_stopped", message: expect.stringContaining("Loupe A (127.0.0.1:1) stopped") },
    });
    expect(b.getRequest(resuming.id)).toMatchObject({ status: "failed", error: { code: "upstream:langgraph_resume_not_taken" } });
    expect(b.getRequest(asked.id).status).toBe("pending");

    const answered = await b.answerRequest(asked.id, { kind: "value", value: "ship" });
    expect(answered.status).toBe("answered");
    await b.runDone(b.getRequest(asked.id).answeredByRunId ?? "");
    expect(fake.listed("t-ask")).toEqual([]);
    await expect(a.answerRequest(asked.id, { kind: "value", value: "again" })).rejects.toMatchObject({
      code: "conflict:langgraph_request_answered",
    });
    const retried = await b.answerRequest(resuming.id, { kind: "retry" });
    expect(retried.status).toBe("answered");
  }, 60_000);
});
