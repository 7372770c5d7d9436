import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { openStore } from "@/lib/server/store";
import { FakeServer } from "@/tests/support/lg-fake-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-lg-requests-");
let fake: FakeServer;
let lg: LangGraphService;
let dep = "";

beforeEach(async () => {
  fake = new FakeServer();
  lg = new LangGraphService(new Hub(openStore(`${data.dir}/${Math.random()}`)), { clientFor: () => fake });
  dep = (await lg.create({ name: "fake", url: "http://127.0.0.1:1/", headers: {}, pollSeconds: 0 })).id;
});
afterEach(async () => {
  await lg.closeAll();
  lg.hub.store.close();
});

/** Opens the thread (which syncs its requests; discovery is throttled to one look per 3 s) and lists its requests. */
const ofThread = async (threadId: string): Promise<LgHumanRequest[]> => {
  await lg.threads.detail(dep, threadId);
  return lg
    .listRequests()
    .filter((r) => r.threadId === threadId)
    .sort((a, b) => a.interruptId.localeCompare(b.interruptId));
};
/** Waits for the resume run the last answer started. */
async function settled(): Promise<void> {
  const last = fake.runs.length;
  await lg.runDone(`run-${last}`);
  await new Promise((r) => setTimeout(r, 10));
}

describe("LangGraph requests: the state machine against a fake server", () => {
  it("several interrupts answered out of order go out as one resume map keyed by interrupt id", async () => {
    fake.interrupt("t1", [
      { id: "A", value: { q: "a?" } },
      { id: "B", value: { q: "b?" } },
    ]);
    const [a, b] = await ofThread("t1");
    expect([a?.status, b?.status, a?.shape]).toEqual(["pending", "pending", "generic"]);
    const first = await lg.answerRequest(b!.id, { kind: "value", value: "vb" });
    expect(first).toMatchObject({ status: "answered", waitingFor: 1, stepCount: 2 });
    expect(fake.runs).toHaveLength(0);
    const second = await lg.answerRequest(a!.id, { kind: "value", value: "va" });
    expect(second.status).toBe("answered");
    expect(fake.runs).toHaveLength(1);
    expect(fake.runs[0]!.body).toMatchObject({ assistant_id: "asst", command: { resume: { A: "va", B: "vb" } } });
    await settled();
    const after = await ofThread("t1");
    expect(after.map((r) => [r.status, r.answeredByRunId, r.waitingFor])).toEqual([
      ["answered", "run-1", undefined],
      ["answered", "run-1", undefined],
    ]);
  });

  it("a single interrupt is resumed with the plain value", async () => {
    fake.interrupt("t2", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t2");
    await lg.answerRequest(x!.id, { kind: "value", value: { ok: true } });
    expect(fake.runs[0]!.body.command).toEqual({ resume: { ok: true } });
  });

  it("a refused resume reads failed with the server's words; retry re-sends the kept answer", async () => {
    fake.interrupt("t3", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t3");
    fake.refuse = "Invalid resume value";
    const failed = await lg.answerRequest(x!.id, { kind: "value", value: 42 });
    expect(failed.status).toBe("failed");
    expect(failed.error?.message).toContain("Invalid resume value");
    expect(failed.answer).toEqual({ kind: "value", value: 42 });
    fake.refuse = null;
    const retried = await lg.answerRequest(x!.id, { kind: "retry" });
    expect(retried.status).toBe("answered");
    expect(fake.runs.at(-1)!.body.command).toEqual({ resume: 42 });
    await settled();
    expect(lg.getRequest(x!.id)).toMatchObject({ status: "answered", answeredByRunId: "run-1" });
  });

  it("an answer after a retry is 409 naming the retry that took it, not the first attempt that failed", async () => {
    fake.interrupt("t11", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t11");
    fake.refuse = "Invalid resume value";
    const failed = await lg.answerRequest(x!.id, { kind: "value", value: 1 });
    expect(failed.status).toBe("failed");
    fake.refuse = null;
    await new Promise((r) => setTimeout(r, 20));
    const retried = await lg.answerRequest(x!.id, { kind: "retry" });
    expect(retried.status).toBe("answered");
    expect(retried.answeredAt).toBeGreaterThan(failed.answeredAt!);
    const refused = await lg.answerRequest(x!.id, { kind: "value", value: 2 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "conflict:langgraph_request_answered", status: 409 });
    expect((refused as Error).message).toContain(`at ${new Date(retried.answeredAt!).toISOString()}`);
    expect((refused as AppError).details).toMatchObject({ answeredAt: retried.answeredAt });
  });

  it("a resume the server did not take (the interrupt still listed after the run) reads failed", async () => {
    fake.interrupt("t4", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t4");
    fake.ignoreResume = true;
    await lg.answerRequest(x!.id, { kind: "value", value: 1 });
    await settled();
    const r = lg.getRequest(x!.id);
    expect(r.status).toBe("failed");
    expect(r.error?.message).toMatch(/still lists this interrupt after run run-1/);
  });

  it("an interrupt resolved elsewhere reads stale and its answer is refused with 409 in words", async () => {
    fake.interrupt("t5", [
      { id: "A", value: 1 },
      { id: "B", value: 2 },
    ]);
    const [a, b] = await ofThread("t5");
    await lg.answerRequest(a!.id, { kind: "value", value: "va" });
    // Someone else resumed the thread: only B is left listed... then B goes too before Loupe sends.
    fake.interrupt("t5", [{ id: "B", value: 2 }]);
    const err = await lg.answerRequest(b!.id, { kind: "value", value: "vb" }).catch((e: unknown) => e);
    expect(fake.runs).toHaveLength(1);
    expect(fake.runs[0]!.body.command).toEqual({ resume: "vb" });
    expect(err).not.toBeInstanceOf(AppError);
    expect(lg.getRequest(a!.id)).toMatchObject({ status: "stale", reason: expect.stringMatching(/resolved elsewhere/) });

    fake.interrupt("t6", [{ id: "C", value: 1 }]);
    const [c] = await ofThread("t6");
    fake.interrupt("t6", []);
    const refused = await lg.answerRequest(c!.id, { kind: "value", value: 1 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "conflict:langgraph_request_stale", status: 409 });
    expect((refused as Error).message).toMatch(/resolved elsewhere/);
    expect(fake.runs).toHaveLength(1);
  });

  it("two answers at once: exactly one wins, one resume goes out", async () => {
    fake.interrupt("t7", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t7");
    const both = await Promise.allSettled([
      lg.answerRequest(x!.id, { kind: "value", value: "first" }),
      lg.answerRequest(x!.id, { kind: "value", value: "second" }),
    ]);
    expect(both.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
    const loser = both.find((s) => s.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: "conflict:langgraph_request_answered" });
    expect(fake.runs).toHaveLength(1);
    expect(fake.runs[0]!.body.command).toEqual({ resume: "first" });
  });

  it("interrupt ids repeat across threads: one request per thread", async () => {
    fake.interrupt("t8", [{ id: "same", value: 1 }]);
    fake.interrupt("t9", [{ id: "same", value: 2 }]);
    const all = (await lg.refreshRequests()).filter((r) => r.interruptId === "same");
    expect(all.map((r) => r.threadId).sort()).toEqual(["t8", "t9"]);
  });

  it("a pending interrupt the server no longer lists reads stale", async () => {
    fake.interrupt("t10", [{ id: "X", value: 1 }]);
    const [x] = await ofThread("t10");
    fake.interrupt("t10", []);
    await lg.threads.detail(dep, "t10");
    expect(lg.getRequest(x!.id)).toMatchObject({ status: "stale", reason: "a newer run moved past this interrupt" });
  });
});
