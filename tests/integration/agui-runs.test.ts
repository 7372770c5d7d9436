import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { startAguiDemo } from "@/demo/agui/server";
import type { AguiDemo } from "@/demo/agui/server";
import { startHostileAgent } from "@/tests/fixtures/agui/hostile-server";
import type { HostileAgent } from "@/tests/fixtures/agui/hostile-server";
import { tempDir } from "@/tests/support/servers";
import { getAgui } from "@/lib/server/agui";
import { driverFor, getTesting } from "@/lib/server/testing/service";
import { runSuite } from "@/lib/server/testing/runner";
import { LEFT_BY_REPLAY, leftByReplays, stoppedAtFirstPause } from "@/tests/support/replay-io";
import { runToEnd } from "@/tests/support/agui-runs";

// Against the demo AG-UI agent (a real @ag-ui/encoder server) and a hostile fixture server.
const data = tempDir("loupe-agui-runs-");
// The process-wide services (the testing driver's) keep their store apart from this file's own.
const globalData = tempDir("loupe-agui-runs-global-");
process.env.LOUPE_DATA_DIR = globalData.dir;
let demo: AguiDemo;
let hostile: HostileAgent;
let agui: AguiService;
let demoId = "";
let hostileId = "";

beforeAll(async () => {
  demo = await startAguiDemo({ port: 7163 });
  hostile = await startHostileAgent(7164);
  agui = new AguiService(new Hub(openStore(data.dir)));
  demoId = agui.registerBuiltin({ id: "demo-agui", name: "Loupe demo AG-UI agent", url: demo.url, tools: [CONFIRM_BOOKING_TOOL] }).id;
  hostileId = agui.create({ name: "hostile", url: hostile.url, headers: { authorization: "Bearer s3cret" }, tools: [] }).id;
});

afterAll(async () => {
  agui.hub.store.close();
  await demo.close();
  await hostile.close();
  await getTesting().closeAll();
  await getAgui().closeAll();
  data.cleanup();
  globalData.cleanup();
});

function entries(agentId: string, threadId: string): Entry[] {
  return agui.hub.store
    .connectionEntries(agentId, undefined, 10_000)
    .filter((e) => e.sessionKey === threadId)
    .sort((a, b) => a.seq - b.seq);
}

const run = (agentId: string, body: Parameters<AguiService["startRun"]>[1]) => runToEnd(agui, agentId, body);

const pendingOf = (threadId: string): AguiHumanRequest[] =>
  agui.listRequests().filter((r) => r.threadId === threadId && r.status === "pending");

describe("AG-UI runs against the demo agent", () => {
  it("records the input, every event and the run; keeps the thread's messages and state", async () => {
    const r = await run(demoId, { text: "plan a trip", context: [] });
    expect(r.record.status).toBe("finished");
    expect(r.record.clientError).toBeUndefined();
    const es = entries(demoId, r.threadId);
    expect(es[0]).toMatchObject({ kind: "agui_run", protocol: "agui", raw: { status: "running" } });
    const input = es.find((e) => e.kind === "agui_input")!.raw as { input: { tools: { name: string }[]; messages: { content: string }[] } };
    expect(input.input.tools.map((t) => t.name)).toEqual(["confirm_booking"]);
    expect(input.input.messages[0]!.content).toBe("plan a trip");
    const events = es.filter((e) => e.kind === "agui_event").map((e) => (e.raw as { event: { type: string } }).event.type);
    expect(events).toHaveLength(r.record.eventCount);
    expect(events[0]).toBe("RUN_STARTED");
    expect(events.at(-1)).toBe("RUN_FINISHED");
    expect(events).toContain("TEXT_MESSAGE_CHUNK");
    expect(es.at(-1)).toMatchObject({ kind: "agui_run", raw: { status: "finished", outcome: "success" } });
    const thread = agui.thread(demoId, r.threadId);
    expect(thread.state).toEqual({ trip: { city: "Lisbon", nights: 3, weather: "sunny" }, checks: ["weather"] });
    expect((thread.messages as { role: string }[]).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(agui.get(demoId).state.status).toBe("ok");
    // Header values never leave the server.
    expect(agui.get(hostileId).headers).toEqual({ authorization: SECRET_MASK });
  });

  it("a front-end tool call becomes a request; its answer is sent as a tool message and the run continues", async () => {
    const first = await run(demoId, { text: "book a room", context: [] });
    expect(first.record.status).toBe("finished");
    const [req] = pendingOf(first.threadId);
    expect(req).toMatchObject({
      kind: "tool",
      toolName: "confirm_booking",
      arguments: { hotel: "Hotel Aurora", nights: 3 },
      agentName: "Loupe demo AG-UI agent",
    });
    expect(req!.schema).toEqual(CONFIRM_BOOKING_TOOL.parameters);
    const answered = await agui.answerRequest(req!.id, { kind: "tool_result", result: { confirmed: true } });
    expect(answered.status).toBe("answered");
    // Exactly one answer wins.
    await expect(agui.answerRequest(req!.id, { kind: "tool_result", result: { confirmed: false } })).rejects.toMatchObject({
      code: "conflict:agui_request_answered",
    });
    const next = await agui.runDone(answered.answeredByRunId!)!;
    expect(next.record).toMatchObject({ status: "finished", answers: [req!.id] });
    const sent = entries(demoId, first.threadId)
      .filter((e) => e.kind === "agui_input")
      .at(-1)!.raw as { input: { messages: Record<string, unknown>[] } };
    expect(sent.input.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: req!.toolCallId, content: '{"confirmed":true}' });
    expect(agui.thread(demoId, first.threadId).state).toMatchObject({ booking: { answer: '{"confirmed":true}' } });
  });

  it("interrupts of one run are answered together: the resume goes out once the last is answered", async () => {
    const first = await run(demoId, { text: "approve twice", context: [] });
    expect(first.record.status).toBe("interrupted");
    const reqs = pendingOf(first.threadId).sort((a, b) => a.interrupt!.id.localeCompare(b.interrupt!.id));
    expect(reqs).toHaveLength(2);
    expect(reqs[0]!.schema).toMatchObject({ required: ["approved"] });
    await expect(agui.answerRequest(reqs[0]!.id, { kind: "tool_result", result: 1 })).rejects.toMatchObject({
      code: "bad_request:agui_answer_kind",
    });
    const a = await agui.answerRequest(reqs[0]!.id, { kind: "resume", status: "resolved", payload: { approved: true } });
    expect(a.answeredByRunId).toBeUndefined();
    expect(a.reason).toMatch(/other request/);
    const b = await agui.answerRequest(reqs[1]!.id, { kind: "resume", status: "cancelled" });
    const resumed = await agui.runDone(b.answeredByRunId!)!;
    expect(resumed.record.status).toBe("finished");
    const sent = entries(demoId, first.threadId)
      .filter((e) => e.kind === "agui_input")
      .at(-1)!.raw as { input: { resume: unknown[] } };
    expect(sent.input.resume).toEqual([
      { interruptId: reqs[0]!.interrupt!.id, status: "resolved", payload: { approved: true } },
      { interruptId: reqs[1]!.interrupt!.id, status: "cancelled" },
    ]);
    expect(agui.getRequest(reqs[0]!.id)).toMatchObject({ status: "answered", answeredByRunId: b.answeredByRunId });
    expect((agui.thread(demoId, first.threadId).state as { approval: string[] }).approval).toEqual([
      `${reqs[0]!.interrupt!.id}: approved`,
      `${reqs[1]!.interrupt!.id}: cancelled`,
    ]);
  });

  it("aborts a running run", async () => {
    const started = agui.startRun(demoId, { text: "slow please", context: [] });
    await new Promise((r) => setTimeout(r, 300));
    expect(() => agui.startRun(demoId, { threadId: started.threadId, text: "again", context: [] })).toThrow(/still running/);
    const record = await agui.abortRun(demoId, started.runId);
    expect(record.status).toBe("aborted");
    expect(record.eventCount).toBeGreaterThan(1);
    expect(record.eventCount).toBeLessThan(100);
    await expect(agui.abortRun(demoId, started.runId)).rejects.toMatchObject({ code: "conflict:agui_run_not_running" });
  });

  it("removing an agent while it runs aborts the run and leaves no rows behind", async () => {
    const temp = agui.create({ name: "temp", url: demo.url, headers: {}, tools: [] });
    const started = agui.startRun(temp.id, { text: "slow", context: [] });
    const done = agui.runDone(started.runId)!;
    await new Promise((r) => setTimeout(r, 150));
    agui.remove(temp.id);
    expect((await done).record.status).toBe("aborted");
    expect(agui.store.threadRuns(temp.id, started.threadId)).toEqual([]);
    expect(agui.store.getThread(temp.id, started.threadId)).toBeUndefined();
    expect(() => agui.remove(demoId)).toThrow(/built in/);
  });

  it("a RUN_ERROR ends the run as error with the agent's words", async () => {
    const r = await run(demoId, { text: "please fail", context: [] });
    expect(r.record).toMatchObject({
      status: "error",
      error: { code: "upstream:agui_run_error", message: "The demo agent was asked to fail" },
    });
  });
});

describe("AG-UI runs against a hostile agent", () => {
  it("records malformed frames raw, keeps unknown and deprecated events, and notes what the client refused", async () => {
    const r = await run(hostileId, { text: "malformed", context: [] });
    expect(r.record.status).toBe("finished");
    const es = entries(hostileId, r.threadId);
    const bad = es.filter((e) => e.kind === "agui_malformed").map((e) => e.raw as { text: string; error: string });
    expect(bad.map((b) => b.text)).toEqual(["{this is not json", '{"no":"type"}', '{"type":"TEXT_MESSAGE_CONTENT","delta":"lost id"}']);
    expect(bad[2]!.error).toMatch(/does not match the AG-UI schema/);
    const types = es.filter((e) => e.kind === "agui_event").map((e) => (e.raw as { event: { type: string } }).event.type);
    expect(types).toContain("FUTURE_EVENT");
    expect(types).toContain("THINKING_TEXT_MESSAGE_CONTENT");
    expect(types.at(-1)).toBe("RUN_FINISHED");
    // @ag-ui/client gave up on this stream; Loupe kept reading its own copy.
    expect(r.record.clientError).toBeTruthy();
    expect(r.timeline.items.find((i) => i.kind === "reasoning")).toMatchObject({ text: "old style", legacy: true });
    // The agent's headers went out.
    expect(hostile.inputs.length).toBeGreaterThan(0);
  });

  it("a stream cut mid-run ends the run as error, keeping what arrived (the cut frame raw)", async () => {
    const r = await run(hostileId, { text: "cut", context: [] });
    expect(r.record.status).toBe("error");
    expect(r.record.error?.code).toBe("upstream:agui_stream_cut");
    const es = entries(hostileId, r.threadId);
    expect(es.filter((e) => e.kind === "agui_event")).toHaveLength(2);
    expect(es.filter((e) => e.kind === "agui_malformed").map((e) => (e.raw as { text: string }).text)).toEqual([
      '{"type":"TEXT_MESSAGE_CONT',
    ]);
  });

  it("HTTP errors and an agent that is down end the run as error in words", async () => {
    const r500 = await run(hostileId, { text: "http500", context: [] });
    expect(r500.record.error).toMatchObject({ code: "upstream:agui_http", message: "The agent answered HTTP 500: agent exploded" });
    const r400 = await run(hostileId, { text: "http400", context: [] });
    expect(r400.record.error?.message).toContain("bad input, says the agent");
    const down = agui.create({ name: "down", url: "http://127.0.0.1:7179/", headers: {}, tools: [] });
    const r = await run(down.id, { text: "hi", context: [] });
    expect(r.record.error?.code).toBe("upstream:agui_unreachable");
    expect(agui.get(down.id).state.status).toBe("error");
  });

  it("a refused resume fails the request with the agent's words; a retry sends it again", async () => {
    const first = await run(hostileId, { text: "approve", context: [] });
    const [req] = pendingOf(first.threadId);
    const answered = await agui.answerRequest(req!.id, { kind: "resume", status: "resolved", payload: {} });
    await agui.runDone(answered.answeredByRunId!);
    const failed = agui.getRequest(req!.id);
    expect(failed).toMatchObject({ status: "failed", error: { message: "The approval payload was refused: note is required" } });
    await new Promise((r) => setTimeout(r, 5)); // the retry is a later click
    const retried = await agui.answerRequest(req!.id, { kind: "resume", status: "resolved", payload: { note: "fine" } });
    expect((await agui.runDone(retried.answeredByRunId!))!.record.status).toBe("finished");
    expect(agui.getRequest(req!.id).status).toBe("answered");
    expect(hostile.inputs.at(-1)!.resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { note: "fine" } }]);
    // Answered again: the 409 names the retry that took the answer, not the first attempt that failed.
    expect(retried.answeredAt).toBeGreaterThan(failed.answeredAt!);
    const again = await agui.answerRequest(req!.id, { kind: "resume", status: "cancelled" }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409, code: "conflict:agui_request_answered", details: { answeredAt: retried.answeredAt } });
    expect((again as Error).message).toContain(`at ${new Date(retried.answeredAt!).toISOString()}`);
  });

  it("a pending request is stale after a restart, and when the thread moves on", async () => {
    const hung = agui.startRun(hostileId, { text: "hang", context: [] });
    const first = await run(hostileId, { text: "approve", context: [] });
    const [req] = pendingOf(first.threadId);
    const again = await run(demoId, { text: "book a room", context: [] });
    const [tool] = pendingOf(again.threadId);
    // The thread moves on: a new run without answering.
    await run(demoId, { threadId: again.threadId, text: "never mind", context: [] });
    expect(agui.getRequest(tool!.id)).toMatchObject({ status: "stale" });
    await expect(agui.answerRequest(tool!.id, { kind: "tool_result", result: 1 })).rejects.toMatchObject({
      code: "conflict:agui_request_stale",
    });
    // "Restart": a second service on the same store.
    const after = new AguiService(agui.hub);
    expect(after.getRequest(req!.id)).toMatchObject({ status: "stale", reason: expect.stringMatching(/restarted/) });
    expect(after.store.getRun(hung.runId)).toMatchObject({ status: "error", error: { code: "internal:loupe_restarted" } });
    await agui.abortRun(hostileId, hung.runId);
  });
});

describe("issue 24: an AG-UI thread as a test case, replayed with the recorded answers", () => {
  it("two interrupts of one run answered out of order replay in that order and pass; one answer short fails in words", async () => {
    const g = getAgui();
    const gid = g.create({ name: "demo", url: demo.url, headers: {}, tools: [CONFIRM_BOOKING_TOOL] }).id;
    const run = g.startRun(gid, { text: "approve twice", context: [] });
    await g.runDone(run.runId);
    const pending = () => g.listRequests().filter((r) => r.threadId === run.threadId && r.status === "pending");
    const byMessage = (m: string) => pending().find((r) => r.interrupt?.message?.startsWith(m))!;
    expect(pending()).toHaveLength(2);
    const second = byMessage("Approval 2");
    await g.answerRequest(second.id, { kind: "resume", status: "resolved", payload: { approved: false } });
    await new Promise((r) => setTimeout(r, 5)); // a human's answers are never in the same millisecond
    const first = byMessage("Approval 1");
    const last = await g.answerRequest(first.id, { kind: "resume", status: "resolved", payload: { approved: true } });
    await g.runDone(g.getRequest(last.id).answeredByRunId!);

    const saved = await getTesting().caseFrom({ protocol: "agui", from: "thread", ref: { agentId: gid, threadId: run.threadId } });
    expect(saved.steps.map((s) => s.label)).toEqual(["user: approve twice"]);
    expect(saved.answers.map((a) => [a.key, a.request, a.answer])).toEqual([
      ["confirmation", "Approval 2 of 2: spend 200 EUR?", { kind: "resume", status: "resolved", payload: { approved: false } }],
      ["confirmation", "Approval 1 of 2: spend 100 EUR?", { kind: "resume", status: "resolved", payload: { approved: true } }],
    ]);
    const suite = { id: "s", name: "approvals", repetitions: 1, concurrency: 1, timeoutMs: 60_000 };
    // The agent names its interrupts anew on every thread, so its words are checked by a pattern: each answer reached its interrupt.
    const checked = {
      ...saved,
      assertions: [
        saved.assertions[0]!,
        { type: "regex" as const, path: "$.finalResponse", pattern: "-1: approved; int-[\\w-]+-2: denied", flags: "", negate: false },
      ],
    };
    const ok = await runSuite({ suite, cases: [checked], driverFor });
    expect(ok.results[0]).toMatchObject({ status: "pass", pauseFailures: [] });

    const failed = await runSuite({ suite, cases: [{ ...checked, answers: saved.answers.slice(0, 1) }], driverFor });
    expect(failed.results[0]?.reason).toBe(
      "pause 2: the peer paused for agui_interrupt (confirmation), which the recording met but the case has no answer for (it keeps 1 of its 2 pauses' answers: one was left unanswered, could not be rebuilt, or was removed)",
    );

    // Stopped (as at its timeout) while its first pause was reported: that pause is not answered. The
    // replays' threads are the tests': none in the inbox; what the short and the stopped one left is stale.
    const { io, met } = stoppedAtFirstPause(saved.answers[0]!.answer);
    await driverFor("agui")!.replay(checked, checked.target, io);
    expect(met).toHaveLength(1);
    const replays = g.listRequests().filter((r) => r.agentId === gid && r.threadId !== run.threadId);
    expect(leftByReplays(replays)).toEqual({ pending: 0, stale: Array(3).fill(LEFT_BY_REPLAY), shown: 0 });
    expect(leftByReplays(g.listRequests().filter((r) => r.threadId === run.threadId)).shown).toBe(2);
  }, 60_000);
});
