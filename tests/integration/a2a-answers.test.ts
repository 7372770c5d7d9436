import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startA2aDemo } from "@/demo/a2a/demo-agent";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { tempDir } from "@/tests/support/servers";

// A human's answer reaches exactly the request it was meant for: the real demo A2A agent on 7210
// (its `ask` skill re-asks on a bad answer, on the same task).
const data = tempDir("loupe-a2a-answers-");
let demo: A2aDemo;
let a2a: A2aRegistry;
let id = "";

beforeAll(async () => {
  demo = await startA2aDemo({ port: 7210, timing: { stepMs: 0 } });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  id = (await a2a.create({ name: "demo", url: demo.url, headers: {} })).id;
});

afterAll(async () => {
  await a2a.closeAll();
  await demo.stop();
  a2a.hub.store.close();
  data.cleanup();
});

const say = (t: string, contextId?: string) => ({
  parts: [{ kind: "text" as const, text: t }],
  stream: true,
  ...(contextId ? { contextId } : {}),
});
const state = (taskId: string) => a2a.listTasks(id).find((t) => t.taskId === taskId)?.state;
const settled = (taskId: string, s: A2aTaskState) => until(() => state(taskId) === s, 10_000, `task ${taskId} ${s}`);
const pendingFor = (taskId: string) => a2a.listRequests().filter((r) => r.taskId === taskId && r.status === "pending");

async function ask(contextId?: string) {
  const sent = await a2a.send(id, say("ask", contextId));
  await a2a.waitExchange(sent.exchangeId);
  await settled(sent.taskId!, "input-required");
  return sent;
}

describe("A2A answers reach exactly their request", () => {
  it("a task that asks twice: the second ask is a new request, the answered first is not reopened", async () => {
    const sent = await ask();
    const [first] = pendingFor(sent.taskId!);
    expect(first).toBeDefined();
    await a2a.answerRequest(first!.id, { kind: "data", data: { city: "Oslo", days: 99 } });
    await until(() => pendingFor(sent.taskId!).length === 1 && pendingFor(sent.taskId!)[0]!.id !== first!.id, 10_000, "the second ask");
    const second = pendingFor(sent.taskId!)[0]!;
    expect(second.prompt).toMatch(/days must be 1–7/);
    expect(a2a.tasks.getRequest(first!.id)?.status).toBe("answered");
    await expect(a2a.answerRequest(first!.id, { kind: "text", text: "Bergen" })).rejects.toMatchObject({ status: 409 });
    await a2a.answerRequest(second.id, { kind: "text", text: "Bergen" });
    await settled(sent.taskId!, "completed");
    expect(a2a.getTask(id, sent.taskId!).statusText).toMatch(/Bergen/);
    expect(
      a2a
        .listRequests()
        .filter((r) => r.taskId === sent.taskId)
        .map((r) => r.status)
        .sort(),
    ).toEqual(["answered", "answered"]);
  });

  it("two tasks paused at once in one context: each answer continues its own task", async () => {
    const a = await ask();
    const b = await ask(a.contextId);
    expect(b.contextId).toBe(a.contextId);
    const ra = pendingFor(a.taskId!)[0]!;
    const rb = pendingFor(b.taskId!)[0]!;
    await a2a.answerRequest(rb.id, { kind: "text", text: "Lima" });
    await settled(b.taskId!, "completed");
    expect(state(a.taskId!)).toBe("input-required");
    expect(a2a.tasks.getRequest(ra.id)?.status).toBe("pending");
    await a2a.answerRequest(ra.id, { kind: "text", text: "Quito" });
    await settled(a.taskId!, "completed");
    expect(a2a.getTask(id, a.taskId!).statusText).toMatch(/Quito/);
    expect(a2a.getTask(id, b.taskId!).statusText).toMatch(/Lima/);
  });

  it("two answers racing: exactly one is sent, the other is 409", async () => {
    const sent = await ask();
    const r = pendingFor(sent.taskId!)[0]!;
    const out = await Promise.allSettled([
      a2a.answerRequest(r.id, { kind: "text", text: "Rome" }),
      a2a.answerRequest(r.id, { kind: "text", text: "Paris" }),
    ]);
    expect(out.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((out.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    await settled(sent.taskId!, "completed");
    expect(a2a.getTask(id, sent.taskId!).statusText).toMatch(/Rome/);
  });

  it("the same taskId and status message from a different agent opens that agent's own request", async () => {
    const sent = await ask();
    const mine = pendingFor(sent.taskId!)[0]!;
    const other = (await a2a.create({ name: "replayer", url: demo.url, headers: {} })).id;
    // Agent ids are Loupe's; task and message ids are the agent's, so two agents may repeat them.
    a2a.tasks.apply(other, {
      type: "status",
      taskId: sent.taskId!,
      contextId: sent.contextId!,
      state: "input-required",
      message: mine.message as never,
    });
    const theirs = a2a.listRequests().filter((r) => r.agentId === other && r.status === "pending");
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.id).not.toBe(mine.id);
    expect(a2a.tasks.getRequest(mine.id)?.status).toBe("pending");
  });

  it("after a restart, refreshing a task that still waits opens a new request the user can answer", async () => {
    const sent = await ask();
    const before = pendingFor(sent.taskId!)[0]!;
    await a2a.closeAll();
    const restarted = new A2aRegistry(a2a.hub);
    expect(restarted.tasks.getRequest(before.id)?.status).toBe("stale");
    await restarted.refreshTask(id, sent.taskId!);
    const fresh = restarted.listRequests().filter((r) => r.taskId === sent.taskId && r.status === "pending");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(before.id);
    await restarted.answerRequest(fresh[0]!.id, { kind: "text", text: "Nairobi" });
    await until(() => restarted.getTask(id, sent.taskId!).state === "completed", 10_000, "completed after restart");
    await restarted.closeAll();
  });
});
