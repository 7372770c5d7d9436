import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import type { AguiService } from "@/lib/server/agui";
import { aguiRunUnit } from "@/lib/server/agui/bundle-unit";
import { runsOfEntries, runStartState } from "@/lib/queries/agui";
import { startSdkAguiAgent } from "@/tests/fixtures/agui/sdk-agent";
import type { SdkAguiAgent } from "@/tests/fixtures/agui/sdk-agent";
import { tempDir } from "@/tests/support/servers";
import { until } from "@/lib/server/adk/test-support";
import { getTesting } from "@/lib/server/testing/service";
import { runToEnd } from "@/tests/support/agui-runs";

// The AG-UI docs' "Runs and Steps" page (spec 1.0): a response carries "one or more runs — the requested
// run, possibly preceded by replayed history"; a RUN_STARTED while a run is still open is a violation
// (@ag-ui/client's verifyEvents refuses it: "Cannot send 'RUN_STARTED' while a run is still active").
// The process-wide service (the bundle unit reads it) on a data dir of this file's own.
const data = tempDir("loupe-agui-stream-runs-");
process.env.LOUPE_DATA_DIR = data.dir;
let agent: SdkAguiAgent;
let agui: AguiService;
let agentId = "";

beforeAll(async () => {
  agent = await startSdkAguiAgent();
  agui = getAgui();
  agentId = agui.create({ name: "sdk agent", url: agent.url, headers: {}, tools: [] }).id;
});

afterAll(async () => {
  await getTesting().closeAll();
  await agui.closeAll();
  await agent.close();
  data.cleanup();
});

const run = (body: Parameters<AguiService["startRun"]>[1]) => runToEnd(agui, agentId, body);

const texts = (messages: unknown[]) => messages.map((m) => (m as { content?: unknown }).content);

describe("two AG-UI runs in one response", () => {
  it("are two runs, each with its own events, status and outcome; the thread keeps both; the second's interrupt is the second's", async () => {
    const r = await run({ text: "two-runs", context: [] });
    const next = `${r.runId}-next`;
    const thread = agui.thread(agentId, r.threadId);
    expect(thread.runs.map((x) => [x.runId, x.status, x.outcome])).toEqual([
      [r.runId, "finished", "success"],
      [next, "interrupted", "interrupt"],
    ]);
    expect(thread.runs[1]).toMatchObject<Partial<AguiRunRecord>>({ responseOf: r.runId, eventCount: 10 });
    expect(thread.runs[0]!.eventCount).toBe(6);
    expect(r.record).toMatchObject({ runId: r.runId, status: "finished", outcome: "success" });
    // Each run's events are recorded under it, and the page groups them so.
    const shown = runsOfEntries(agui.threadEntries(agentId, r.threadId));
    expect(shown.map((x) => [x.runId, x.record?.status, x.events.map((e) => e.type)])).toEqual([
      [
        r.runId,
        "finished",
        ["RUN_STARTED", "STATE_SNAPSHOT", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"],
      ],
      [
        next,
        "interrupted",
        [
          "RUN_STARTED",
          "STATE_DELTA",
          "TEXT_MESSAGE_START",
          "TEXT_MESSAGE_CONTENT",
          "TEXT_MESSAGE_END",
          "TOOL_CALL_START",
          "TOOL_CALL_ARGS",
          "TOOL_CALL_END",
          "TOOL_CALL_RESULT",
          "RUN_FINISHED",
        ],
      ],
    ]);
    // Messages accumulate across the runs and state persists (the delta applies to the first run's snapshot):
    // in the thread, on the page (the second run's timeline starts from the first's state) and in its bundle.
    expect(texts(thread.messages)).toEqual(["two-runs", "First run's answer", "Second run asks", "found"]);
    expect(thread.state).toEqual({ step: 2, done: [] });
    expect(runStartState(shown[1]!, shown)).toEqual({ step: 1, done: [] });
    const bundle = await aguiRunUnit.export({ type: "agui-run", agentId, runId: next });
    expect(bundle.snapshot).toMatchObject({
      input: null,
      before: { state: { step: 1, done: [] } },
      after: { state: { step: 2, done: [] } },
    });
    const snapshot = bundle.snapshot as { before: { messages: unknown[] }; after: { messages: unknown[] } };
    expect(texts(snapshot.before.messages)).toEqual(["two-runs", "First run's answer"]);
    expect(texts(snapshot.after.messages)).toEqual(["two-runs", "First run's answer", "Second run asks", "found"]);
    expect(thread).toMatchObject({ lastStatus: "interrupted", runCount: 2 });
    // The interrupt is the second run's, and answering it resumes the thread with it.
    const pending = agui.listRequests().filter((q) => q.threadId === r.threadId);
    expect(pending.map((q) => [q.runId, q.kind, q.interrupt?.id, q.status])).toEqual([[next, "interrupt", "int-next", "pending"]]);
    const answered = await agui.answerRequest(pending[0]!.id, { kind: "resume", status: "resolved", payload: { ok: true } });
    expect((await agui.runDone(answered.answeredByRunId!))!.record.status).toBe("finished");
    expect(agent.inputs.at(-1)!.resume).toEqual([{ interruptId: "int-next", status: "resolved", payload: { ok: true } }]);
    expect(texts(agent.inputs.at(-1)!.messages)).toEqual(["two-runs", "First run's answer", "Second run asks", "found"]);
    // Saved as a test case: the second run is part of the turn (its tool call, its interrupt and answer).
    const saved = await getTesting().caseFrom({ protocol: "agui", from: "thread", ref: { agentId, threadId: r.threadId } });
    expect(saved.steps.map((x) => x.label)).toEqual(["user: two-runs"]);
    expect(saved.answers.map((a) => [a.key, a.answer])).toEqual([
      ["confirmation", { kind: "resume", status: "resolved", payload: { ok: true } }],
    ]);
    expect(saved.recorded.toolCalls).toEqual([{ name: "lookup", args: { q: "next" } }]);
  });

  it("what a run asked is stale once the agent started the next run without the answer; the next run is aborted as itself", async () => {
    const r = await run({ text: "ask-then-run", context: [] });
    const asked = agui.listRequests().filter((q) => q.threadId === r.threadId);
    expect(asked.map((q) => [q.runId, q.interrupt?.id, q.status, q.reason])).toEqual([
      [r.runId, "int-first", "stale", `The thread moved on: the agent started run ${r.runId}-next without this answer`],
    ]);
    expect(r.next.map((x) => [x.record.runId, x.record.status])).toEqual([[`${r.runId}-next`, "finished"]]);

    const hung = agui.startRun(agentId, { text: "then-hang", context: [] });
    const next = `${hung.runId}-next`;
    await until(() => agui.thread(agentId, hung.threadId).runs.some((x) => x.runId === next), 5_000, "the next run");
    expect(agui.thread(agentId, hung.threadId).runs.map((x) => [x.runId, x.status])).toEqual([
      [hung.runId, "finished"],
      [next, "running"],
    ]);
    const aborted = await agui.abortRun(agentId, next);
    expect(aborted).toMatchObject({ runId: next, status: "aborted" });
    expect(agui.thread(agentId, hung.threadId).runs.map((x) => x.status)).toEqual(["finished", "aborted"]);
  });

  it("a later run streams: the busy 409 names it, not the finished run before it", async () => {
    const hung = agui.startRun(agentId, { text: "then-hang", context: [] });
    const next = `${hung.runId}-next`;
    await until(() => agui.thread(agentId, hung.threadId).runs.some((x) => x.runId === next), 5_000, "the next run");
    // Before: "Run <the first run> is still running on this thread", though it had finished.
    const busy = (() => {
      try {
        agui.startRun(agentId, { threadId: hung.threadId, text: "again", context: [] });
      } catch (e) {
        return e;
      }
    })();
    expect(busy).toMatchObject({ code: "conflict:agui_thread_busy", status: 409 });
    expect((busy as Error).message).toBe(
      `Run ${next} (started by the agent in its response to run ${hung.runId}) is still running on this thread; wait for it or abort it`,
    );
    await agui.abortRun(agentId, next);
  });

  it("a later run streams: aborting the finished run before it is a 409 naming the later one, which goes on", async () => {
    const hung = agui.startRun(agentId, { text: "then-hang", context: [] });
    const next = `${hung.runId}-next`;
    await until(() => agui.thread(agentId, hung.threadId).runs.some((x) => x.runId === next), 5_000, "the next run");
    // Before: the abort stopped the next run and answered the first run's "finished" record.
    const refused = await agui.abortRun(agentId, hung.runId).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "conflict:agui_run_not_running", status: 409 });
    expect((refused as Error).message).toBe(
      `Run ${hung.runId} already ended (finished); run ${next}, which the agent started after it in the same response, is running now: abort that one`,
    );
    expect(agui.thread(agentId, hung.threadId).runs.map((x) => [x.runId, x.status])).toEqual([
      [hung.runId, "finished"],
      [next, "running"],
    ]);
    expect(await agui.abortRun(agentId, next)).toMatchObject({ runId: next, status: "aborted" });
  });

  it("a RUN_ERROR after RUN_FINISHED (a late failure) ends the run failed with the error's words", async () => {
    // Before: the run stayed finished and the RUN_ERROR was only an 'after the end' finding.
    const r = await run({ text: "late-error", context: [] });
    expect(r.record).toMatchObject({
      status: "error",
      error: { code: "upstream:agui_run_error", message: "The result could not be saved", details: { code: "persist" } },
    });
    expect(r.record.clientError).toBeUndefined();
    expect(agui.thread(agentId, r.threadId)).toMatchObject({ lastStatus: "error" });
  });

  it("a RUN_STARTED while the run is open ends it failed in words; what came after is kept, not applied", async () => {
    const r = await run({ text: "overlap", context: [] });
    expect(r.record.status).toBe("error");
    expect(r.record.error?.code).toBe("upstream:agui_run_overlap");
    expect(r.record.error?.message).toBe(
      `RUN_STARTED of run ${r.runId}-other arrived while run ${r.runId} was still open: AG-UI allows a new run on a stream only after the open one ended (RUN_FINISHED or RUN_ERROR), and @ag-ui/client refuses the stream there. What came after is kept as received, not applied`,
    );
    expect(r.record.clientError).toMatch(/Cannot send 'RUN_STARTED' while a run is still active/);
    const thread = agui.thread(agentId, r.threadId);
    expect(thread.runs.map((x) => x.runId)).toEqual([r.runId]);
    expect(texts(thread.messages)).toEqual(["overlap", "Started"]);
    expect(r.timeline.items.filter((i) => i.kind === "after_end").map((i) => (i.kind === "after_end" ? i.type : ""))).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
  });
});

describe("a response that replays stored runs before the requested one", () => {
  it("the run naming Loupe's runId is Loupe's: its refusal fails the answer (Retry possible); the replayed run is history", async () => {
    const r = await run({ text: "replay-then-refuse", context: [] });
    const [asked] = agui.listRequests().filter((q) => q.threadId === r.threadId);
    expect(asked).toMatchObject({ status: "pending", interrupt: { id: "int-replay" } });
    const before = agui.thread(agentId, r.threadId);
    const answered = await agui.answerRequest(asked!.id, { kind: "resume", status: "resolved", payload: { ok: true } });
    const resumeRun = answered.answeredByRunId!;
    const result = (await agui.runDone(resumeRun))!;
    // Before: the replayed run was recorded under Loupe's runId as finished, the refusal under a new
    // id, and the answer stayed "answered".
    expect(result.record).toMatchObject({
      runId: resumeRun,
      status: "error",
      error: { code: "upstream:agui_run_error", message: "resume refused" },
    });
    expect(result.next).toEqual([]);
    expect(agui.getRequest(asked!.id)).toMatchObject({ status: "failed", error: { message: "resume refused" } });
    const thread = agui.thread(agentId, r.threadId);
    const replayed = thread.runs.find((x) => x.replayedIn === resumeRun);
    expect(replayed).toMatchObject({ status: "finished", eventCount: 5 });
    expect(replayed?.responseOf).toBeUndefined();
    expect(thread.runs.map((x) => x.runId)).toEqual([r.runId, resumeRun, replayed!.runId]);
    expect(thread).toMatchObject({ lastStatus: "error", runCount: before.runCount + 1 });
    // The replay is history: it neither grows the thread's messages nor counts as a turn.
    expect(texts(thread.messages)).toEqual(texts(before.messages));
    const shown = runsOfEntries(agui.threadEntries(agentId, r.threadId));
    expect(shown.find((x) => x.runId === resumeRun)!.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(shown.find((x) => x.runId === replayed!.runId)!.events.map((e) => e.event.runId ?? "")).toEqual([
      "old-run",
      "",
      "",
      "",
      "old-run",
    ]);
    // Retry: the failed answer is sent again, and the agent takes it this time.
    const retried = await agui.answerRequest(asked!.id, { kind: "resume", status: "resolved", payload: { ok: true } });
    expect((await agui.runDone(retried.answeredByRunId!))!.record.status).toBe("finished");
    expect(agui.getRequest(asked!.id)).toMatchObject({ status: "answered", answeredByRunId: retried.answeredByRunId });
  });

  it("when no run names Loupe's runId, the first is Loupe's (its events under Loupe's runId) and the others its next runs", async () => {
    const r = await run({ text: "own-ids", context: [] });
    expect(r.record).toMatchObject({ runId: r.runId, status: "finished", eventCount: 5 });
    expect(r.next.map((x) => [x.record.runId, x.record.status, x.record.responseOf])).toEqual([[`own-b-${r.runId}`, "finished", r.runId]]);
    expect(r.history).toEqual([]);
    const thread = agui.thread(agentId, r.threadId);
    expect(thread.runs.map((x) => x.runId)).toEqual([r.runId, `own-b-${r.runId}`]);
    expect(thread).toMatchObject({ runCount: 2, lastStatus: "finished" });
    expect(texts(thread.messages)).toEqual(["own-ids", "First, under my own id", "Then another"]);
    const shown = runsOfEntries(agui.threadEntries(agentId, r.threadId));
    expect(shown.map((x) => [x.runId, x.record?.status, x.events.length])).toEqual([
      [r.runId, "finished", 5],
      [`own-b-${r.runId}`, "finished", 5],
    ]);
  });
});
