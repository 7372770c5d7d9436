/**
 * Loupe's LangGraph service against the real JS dev server (demo/langgraph: agent, review, broken):
 * the Agent Inbox answers reach the graph, two interrupts answered out of order then the subgraph's,
 * a thread started by someone else found by discovery, a failed answer retried, an error run, a
 * restart with an interrupt pending, and a fork from an older checkpoint. One server for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { openStore } from "@/lib/server/store";
import { isRecord } from "@/lib/values";
import { startLangGraphDemo, type LangGraphDemo } from "@/demo/langgraph/start";
import { BROKEN_MESSAGE } from "@/demo/langgraph/graphs/broken";
import { tempDir } from "@/tests/support/servers";
import { getLangGraph } from "@/lib/server/langgraph";
import { getTesting, driverFor } from "@/lib/server/testing/service";
import { runSuite } from "@/lib/server/testing/runner";
import { lgReplayScope } from "@/lib/server/langgraph/testing";
import { getReplayScopes } from "@/lib/server/testing/replay-scopes";
import { LEFT_BY_REPLAY, leftByReplays, stoppedAtFirstPause } from "@/tests/support/replay-io";

const data = tempDir("loupe-lg-real-");
// The process-wide services (the testing driver's) keep their store apart from this file's own.
const globalData = tempDir("loupe-lg-real-global-");
process.env.LOUPE_DATA_DIR = globalData.dir;
let demo: LangGraphDemo;
let lg: LangGraphService;
let dep = "";

beforeAll(async () => {
  demo = await startLangGraphDemo({ timeoutMs: 115_000 });
  lg = new LangGraphService(new Hub(openStore(data.dir)));
  const view = await lg.create({ name: "demo", url: demo.url, headers: { "x-api-key": "s3cret-key" }, pollSeconds: 0 });
  dep = view.id;
  expect(view.state.status).toBe("ok");
}, 120_000);

afterAll(async () => {
  await lg?.closeAll();
  lg?.hub.store.close();
  await getTesting().closeAll();
  await getLangGraph().closeAll();
  await demo?.stop();
  data.cleanup();
  globalData.cleanup();
});

async function run(body: Parameters<LangGraphService["startRun"]>[1], service = lg) {
  const { runId, threadId } = await service.startRun(dep, body);
  const outcome = await service.runDone(runId);
  return { runId, threadId, record: outcome?.record ?? service.store.threadRuns(dep, threadId).at(-1)! };
}
const requestsOf = (threadId: string, service = lg): LgHumanRequest[] => service.listRequests().filter((r) => r.threadId === threadId);
const pendingOf = (threadId: string, service = lg) => requestsOf(threadId, service).filter((r) => r.status === "pending");
/** Waits for the resume run an answer started. */
async function resumed(r: LgHumanRequest, service = lg): Promise<void> {
  const runId = service.getRequest(r.id).answeredByRunId;
  if (runId) await service.runDone(runId);
}
const messages = async (threadId: string) => {
  const values = (await lg.threads.detail(dep, threadId)).values;
  const list = isRecord(values) && Array.isArray(values.messages) ? values.messages : [];
  return list.filter(isRecord);
};
const toolText = async (threadId: string) => (await messages(threadId)).filter((m) => m.type === "tool").map((m) => m.content);
const email = { messages: [{ role: "user", content: "send an email to bob" }] };

describe("agent: Agent Inbox answers reach the graph", () => {
  const cases = [
    ["accept", { kind: "accept" }, ["sent to bob@example.com: Hello from Loupe"]],
    ["edit", { kind: "edit", args: { to: "carol@example.com", subject: "Edited", body: "b" } }, ["sent to carol@example.com: Edited"]],
    ["response", { kind: "response", text: "Not today" }, ["not sent; the user answered: Not today"]],
    ["ignore", { kind: "ignore" }, []],
  ] as const;
  for (const [name, answer, tool] of cases) {
    it(name, async () => {
      const first = await run({ assistantId: "agent", input: email, streamModes: ["values", "updates"], subgraphs: false });
      expect(first.record.error).toBeUndefined();
      expect(first.record.status).toBe("interrupted");
      expect(first.record.firstEventMs).toBeGreaterThanOrEqual(0);
      const [r, ...rest] = pendingOf(first.threadId);
      expect(rest).toEqual([]);
      expect(r).toMatchObject({ shape: "human_interrupt", runId: first.runId, graphId: "agent" });
      await lg.answerRequest(r!.id, answer);
      await resumed(r!);
      expect(lg.getRequest(r!.id)).toMatchObject({ status: "answered" });
      expect(await toolText(first.threadId)).toEqual(tool);
      const kinds = lg.threads.entries(dep, first.threadId).map((e) => e.kind);
      expect(kinds.filter((k) => k === "lg_input")).toHaveLength(2);
      expect(kinds).toContain("lg_event");
    });
  }
});

it("review: two interrupts answered out of order go out as one resume, then the subgraph's", async () => {
  const first = await run({ assistantId: "review", input: { topic: "the deal" }, streamModes: ["updates"], subgraphs: true });
  expect(first.record.status).toBe("interrupted");
  const two = pendingOf(first.threadId);
  expect(two).toHaveLength(2);
  const q = (r: LgHumanRequest) => (isRecord(r.value) ? r.value.question : undefined);
  const legal = two.find((r) => q(r) === "Approve the legal terms?")!;
  const finance = two.find((r) => q(r) === "Approve the budget?")!;
  expect(await lg.answerRequest(finance.id, { kind: "value", value: "no" })).toMatchObject({ status: "answered", waitingFor: 1 });
  await lg.answerRequest(legal.id, { kind: "value", value: "yes" });
  await resumed(legal);
  const [publish, ...rest] = pendingOf(first.threadId);
  expect(rest).toEqual([]);
  expect(publish?.value).toMatchObject({ question: "Publish the decision?", decision: "rejected (legal: yes, finance: no)" });
  await lg.answerRequest(publish!.id, { kind: "value", value: "publish" });
  await resumed(publish!);
  const t = await lg.threads.detail(dep, first.threadId);
  expect(t.status).toBe("idle");
  expect(t.values).toMatchObject({ legalAnswer: "yes", financeAnswer: "no", published: "published: rejected (legal: yes, finance: no)" });
});

it("a thread started by someone else is found by discovery and answered", async () => {
  const t = (await (
    await fetch(`${demo.url}/threads`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
  ).json()) as {
    thread_id: string;
  };
  const res = await fetch(`${demo.url}/threads/${t.thread_id}/runs/stream`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ assistant_id: "agent", input: email, stream_mode: ["updates"] }),
  });
  await res.text();
  // Discovery looks at most once per 3 s per deployment: ask until it has looked since the run.
  let found: LgHumanRequest[] = [];
  for (let i = 0; i < 20 && found.length === 0; i++) {
    found = (await lg.refreshRequests()).filter((r) => r.threadId === t.thread_id);
    if (found.length === 0) await new Promise((r) => setTimeout(r, 500));
  }
  expect(found).toMatchObject([{ status: "pending", runId: null, shape: "human_interrupt" }]);
  await lg.answerRequest(found[0]!.id, { kind: "accept" });
  await resumed(found[0]!);
  expect(await toolText(t.thread_id)).toEqual(["sent to bob@example.com: Hello from Loupe"]);
});

it("an answer that cannot reach the server reads failed with the words; retry sends it", async () => {
  const first = await run({ assistantId: "agent", input: email, streamModes: ["updates"], subgraphs: false });
  const [r] = pendingOf(first.threadId);
  await lg.update(dep, { url: "http://127.0.0.1:9/" });
  const failed = await lg.answerRequest(r!.id, { kind: "accept" });
  expect(failed.status).toBe("failed");
  expect(failed.error?.message).toMatch(/could not be reached/);
  await lg.update(dep, { url: demo.url });
  await lg.answerRequest(r!.id, { kind: "retry" });
  await resumed(r!);
  expect(await toolText(first.threadId)).toEqual(["sent to bob@example.com: Hello from Loupe"]);
});

it("broken: the run ends as error with the graph's words", async () => {
  const r = await run({ assistantId: "broken", input: {}, streamModes: ["updates"], subgraphs: false });
  expect(r.record).toMatchObject({ status: "error", error: { code: "upstream:langgraph_run_error" } });
  expect(r.record.error?.message).toContain(BROKEN_MESSAGE);
});

it("a restart of Loupe keeps a pending interrupt answerable", async () => {
  // A restart: the first service is closed (its runs and discovery done) before the next opens its
  // store. Two live services on one store would each sync the thread without knowing the other holds it.
  const own = tempDir("loupe-lg-restart-");
  const before = new LangGraphService(new Hub(openStore(own.dir)));
  try {
    const d = await before.create({ name: "demo", url: demo.url, headers: {}, pollSeconds: 0 });
    const { runId, threadId } = await before.startRun(d.id, {
      assistantId: "agent",
      input: email,
      streamModes: ["updates"],
      subgraphs: false,
    });
    await before.runDone(runId);
    const [r] = before.listRequests().filter((x) => x.threadId === threadId && x.status === "pending");
    expect(r).toBeDefined();
    await before.closeAll();
    const again = new LangGraphService(new Hub(before.hub.store));
    expect(again.getRequest(r!.id).status).toBe("pending");
    await again.answerRequest(r!.id, { kind: "accept" });
    await resumed(r!, again);
    expect(again.getRequest(r!.id)).toMatchObject({ status: "answered" });
    const values = (await again.threads.detail(d.id, threadId)).values;
    const tools = (isRecord(values) && Array.isArray(values.messages) ? values.messages : []).filter(
      (m) => isRecord(m) && m.type === "tool",
    );
    expect(tools.map((m) => (isRecord(m) ? m.content : null))).toEqual(["sent to bob@example.com: Hello from Loupe"]);
    await again.closeAll();
  } finally {
    before.hub.store.close();
    own.cleanup();
  }
});

it("fork: state updated at an older checkpoint, then a run from it", async () => {
  const first = await run({ assistantId: "review", input: { topic: "first" }, streamModes: ["updates"], subgraphs: false });
  const history = await lg.history(dep, first.threadId);
  const input = history.find((c) => c.source === "input") ?? history.at(-1)!;
  const { checkpointId } = await lg.threads.updateState(dep, first.threadId, {
    values: { topic: "forked" },
    checkpointId: input.checkpointId,
  });
  expect(checkpointId).toBeTruthy();
  const forked = await run({
    assistantId: "review",
    threadId: first.threadId,
    checkpointId,
    input: null,
    streamModes: ["values"],
    subgraphs: false,
  });
  expect(forked.record).toMatchObject({ status: "interrupted", checkpointId });
  expect((await lg.threads.detail(dep, first.threadId)).values).toMatchObject({ topic: "forked" });
  expect(lg.get(dep).headers).toEqual({ "x-api-key": "••••••" });
});

describe("issue 24: a thread as a test case, replayed with the recorded answers", () => {
  it("review's two interrupts of one step and the subgraph's replay in the recorded order; one answer short fails in words", async () => {
    const glg = getLangGraph();
    const gdep = (await glg.create({ name: "demo", url: demo.url, headers: { "x-api-key": "s3cret-key" }, pollSeconds: 0 })).id;
    const first = await glg.startRun(gdep, {
      assistantId: "review",
      input: { topic: "replay" },
      streamModes: ["updates"],
      subgraphs: false,
    });
    await glg.runDone(first.runId);
    const pendingNow = () => glg.listRequests().filter((r) => r.threadId === first.threadId && r.status === "pending");
    const answerWith = async (question: string, value: string) => {
      const r = pendingNow().find((p) => isRecord(p.value) && p.value.question === question)!;
      await glg.answerRequest(r.id, { kind: "value", value });
      const runId = glg.getRequest(r.id).answeredByRunId;
      if (runId) await glg.runDone(runId);
    };
    expect(pendingNow()).toHaveLength(2);
    await answerWith("Approve the budget?", "no");
    await answerWith("Approve the legal terms?", "yes");
    await answerWith("Publish the decision?", "publish");

    const saved = await getTesting().caseFrom({
      protocol: "langgraph",
      from: "thread",
      ref: { deploymentId: gdep, threadId: first.threadId },
    });
    expect(saved.steps).toEqual([{ kind: "message", input: { assistantId: "review", input: { topic: "replay" } }, label: "run review" }]);
    expect(saved.answers.map((a) => a.answer)).toEqual([
      { kind: "value", value: "no" },
      { kind: "value", value: "yes" },
      { kind: "value", value: "publish" },
    ]);
    const withState = { ...saved, assertions: [...saved.assertions, { type: "structural" as const, ignorePaths: [] }] };
    const suite = { id: "s", name: "review", repetitions: 1, concurrency: 1, timeoutMs: 90_000 };
    const ok = await runSuite({ suite, cases: [withState], driverFor });
    expect(ok.results[0]).toMatchObject({ status: "pass", pauseFailures: [] });
    expect(ok.results[0]?.outcome.result).toMatchObject({
      legalAnswer: "yes",
      financeAnswer: "no",
      published: "published: rejected (legal: yes, finance: no)",
    });

    const short = { ...withState, answers: saved.answers.slice(0, 2) };
    const failed = await runSuite({ suite, cases: [short], driverFor });
    expect(failed.results[0]?.status).toBe("fail");
    expect(failed.results[0]?.reason).toMatch(
      /^pause 3: the peer paused for interrupt.*which the recording met but the case has no answer for \(it keeps 2 of its 3 pauses' answers/,
    );

    // Stopped (as at its timeout) while its first pause was reported: that pause is not answered.
    const { io, met } = stoppedAtFirstPause(saved.answers[0]!.answer);
    await driverFor("langgraph")!.replay(withState, withState.target, io);
    expect(met).toHaveLength(1);

    // The replays' threads are the tests': the inbox shows only the human's thread, and what the
    // short and the stopped replay left waiting is stale for good, not pending for a person.
    // (Other threads on this server, this file's other tests', are found by discovery: only the three replays' are marked.)
    const replays = glg.listRequests().filter((r) => getReplayScopes().has("langgraph", lgReplayScope(gdep, r.threadId)));
    expect(new Set(replays.map((r) => r.threadId)).size).toBe(3);
    expect(leftByReplays(replays)).toEqual({ pending: 0, stale: Array(3).fill(LEFT_BY_REPLAY), shown: 0 });
    expect(leftByReplays(glg.listRequests().filter((r) => r.threadId === first.threadId)).shown).toBe(3);
  }, 120_000);
});
