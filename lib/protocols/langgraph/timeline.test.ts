import { describe, expect, it } from "vitest";
import { formatPath } from "@/lib/diff/json-diff";
import { buildLgTimeline, lgTimelineRows, stepDiff } from "./timeline";
import { pairMessages } from "./messages";
import { EntryLog, loadWire } from "./test-support";

const toolInterrupt = loadWire("tool-interrupt");
const resume = loadWire("resume");

function firstRun() {
  const log = new EntryLog();
  log.add(
    "lg_input",
    { runId: "loupe-1", request: { path: "/threads/t/runs/stream", body: { assistant_id: "asst-1", input: {} } } },
    "out",
  );
  log.events("loupe-1", toolInterrupt);
  return log;
}

describe("buildLgTimeline on a captured run (tool call, subgraph interrupt)", () => {
  const timeline = buildLgTimeline(firstRun().entries);
  const run = timeline.runs[0]!;

  it("groups the run under Loupe's id, the server's id as an alias", () => {
    expect(timeline.runs).toHaveLength(1);
    expect(run.runId).toBe("loupe-1");
    expect(run.aliases).toEqual(["3ca659f4-8380-4c9c-9d98-d5669be51663"]);
    expect(run.debug).toBe(true);
    expect(run.assistantId).toBe("asst-1");
    expect(run.status).toBe("interrupted");
    expect(run.eventCount).toBe(toolInterrupt.length);
    expect(run.firstEventMs).toBe(10);
  });

  it("makes one step per superstep and namespace, subgraph steps one level deeper", () => {
    const top = run.steps.filter((s) => s.path === "").map((s) => [s.step, s.tasks.map((t) => t.node).join(",")]);
    expect(top).toEqual([
      [-1, ""],
      [0, ""],
      [1, "agent"],
      [2, "tools"],
      [3, "agent"],
      [4, "review"],
    ]);
    const sub = run.steps.filter((s) => s.path === "review");
    expect(sub.map((s) => [s.step, s.depth, s.tasks.map((t) => t.node).join(",")])).toEqual([
      [-1, 1, ""],
      [0, 1, ""],
      [1, 1, "review:ask"],
    ]);
  });

  it("keeps the state after each step, the state before it, and the latency of each task", () => {
    const tools = run.steps.find((s) => s.tasks[0]?.node === "tools")!;
    expect(tools.next).toEqual(["agent"]);
    expect(tools.source).toBe("loop");
    const task = tools.tasks[0]!;
    expect(task.endedAt! - task.startedAt!).toBeGreaterThanOrEqual(0);
    const diff = stepDiff(tools)!;
    expect(diff.changes.map((c) => `${c.kind} ${formatPath(c.path)}`)).toEqual(["added $.messages[2]"]);
  });

  it("pairs the tool call with its result across steps", () => {
    const agent = run.steps.find((s) => s.step === 1 && s.path === "")!;
    const items = pairMessages(agent.tasks[0]!.messages, timeline.toolResults, timeline.toolCalls);
    expect(items).toHaveLength(1);
    const call = items[0]!;
    expect(call.kind).toBe("call");
    if (call.kind !== "call") return;
    expect(call.call).toMatchObject({ id: "call_1", name: "get_weather", args: { city: "Oslo" } });
    expect(call.result?.text).toBe("sunny, 21C");
    const tools = run.steps.find((s) => s.step === 2 && s.path === "")!;
    const result = pairMessages(tools.tasks[0]!.messages, timeline.toolResults, timeline.toolCalls)[0];
    expect(result).toMatchObject({ kind: "result", call: { name: "get_weather" } });
  });

  it("folds message chunks into one streamed message and keeps custom events on their step", () => {
    const answer = run.steps.find((s) => s.step === 3 && s.path === "")!;
    expect(answer.streamed).toHaveLength(1);
    expect(answer.streamed[0]).toMatchObject({ chunks: 32, text: "It is sunny in Oslo, 21 degrees.", node: "agent" });
    expect(answer.tasks[0]!.messages.map((m) => m.text)).toEqual(["It is sunny in Oslo, 21 degrees."]);
    const tools = run.steps.find((s) => s.step === 2 && s.path === "")!;
    expect(tools.custom).toEqual([{ progress: "looking up weather", city: "Oslo" }]);
  });

  it("shows the subgraph's interrupt once, on the node that paused", () => {
    const all = run.steps.flatMap((s) => s.interrupts.map((i) => ({ path: s.path, ...i })));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: "c5d1edc3ae9946df53640d80fee9285c", node: "review:ask", path: "review" });
    expect(all[0]!.value).toMatchObject({ action_request: { action: "publish" } });
  });

  it("lays rows out run header first, then steps and notes by arrival", () => {
    const rows = lgTimelineRows(timeline);
    expect(rows[0]).toMatchObject({ kind: "run" });
    expect(rows[1]).toMatchObject({ kind: "note", note: { kind: "input" } });
    expect(rows.filter((r) => r.kind === "step")).toHaveLength(run.steps.length);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe("a resumed run", () => {
  const log = firstRun();
  log.run({ runId: "loupe-2", status: "running", answers: ["req-1"] });
  log.add(
    "lg_request",
    {
      id: "req-1",
      deploymentId: "dep-1",
      deploymentName: "dev",
      threadId: "thread-1",
      runId: "loupe-1",
      interruptId: "c5d1edc3ae9946df53640d80fee9285c",
      value: {},
      shape: "human_interrupt",
      createdAt: 1,
      status: "answered",
      answer: { kind: "accept" },
    },
    "local",
  );
  log.events("loupe-2", resume);
  log.run({ runId: "loupe-2", status: "success", startedAt: 1_000, endedAt: 1_510, eventCount: resume.length });
  const timeline = buildLgTimeline(log.entries);

  it("carries its answers, its record's status and duration, and joins the request to the interrupt", () => {
    const [first, second] = timeline.runs;
    expect(second).toMatchObject({ runId: "loupe-2", status: "success", durationMs: 510, eventCount: resume.length });
    expect(second!.answers).toEqual([{ id: "req-1", request: expect.objectContaining({ status: "answered" }) }]);
    expect(first!.steps.flatMap((s) => s.interrupts)[0]!.request?.id).toBe("req-1");
  });

  it("does not show again messages the thread already showed", () => {
    const review = timeline.runs[1]!.steps.find((s) => s.path === "" && s.tasks[0]?.node === "review")!;
    expect(review.tasks[0]!.messages).toEqual([]);
    expect(review.tasks[0]!.result).toBeDefined();
    const ask = timeline.runs[1]!.steps.find((s) => s.tasks[0]?.node === "review:ask")!;
    expect(ask.tasks[0]!.result).toEqual({ approved: { type: "accept" } });
  });
});

describe("without debug events (the updates fallback)", () => {
  const log = new EntryLog();
  log.events(
    "r1",
    toolInterrupt.filter((e) => !e.event.startsWith("debug")),
  );
  const run = buildLgTimeline(log.entries).runs[0]!;

  it("makes one step per node update, with custom and chunks joined to the update that follows", () => {
    expect(run.debug).toBe(false);
    expect(run.steps.map((s) => s.tasks.map((t) => t.node).join(","))).toEqual(["agent", "tools", "agent"]);
    expect(run.steps[1]!.custom).toHaveLength(1);
    expect(run.steps[2]!.streamed[0]!.chunks).toBe(32);
    expect(run.steps.every((s) => s.from === "updates")).toBe(true);
  });

  it("keeps the interrupt raised in the subgraph as the run's note, once", () => {
    const interrupts = run.notes.filter((n) => n.kind === "interrupt");
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]).toMatchObject({ path: "review" });
  });

  it("takes the state after a step from the values event that follows it", () => {
    const log2 = new EntryLog();
    log2.events("r2", [
      { event: "values", data: { count: 0 } },
      { event: "updates", data: { inc: { count: 1 } } },
      { event: "values", data: { count: 1 } },
    ]);
    const step = buildLgTimeline(log2.entries).runs[0]!.steps[0]!;
    expect(step.before).toEqual({ count: 0 });
    expect(step.state).toEqual({ count: 1 });
    expect(stepDiff(step)!.changes).toEqual([{ path: ["count"], kind: "changed", before: 0, after: 1 }]);
  });
});

describe("what the timeline does not understand is kept, never thrown", () => {
  it("keeps malformed, unknown, error events, unreadable entries and the run's error", () => {
    const log = new EntryLog();
    log.events("r1", loadWire("values-mode-error"));
    log.add("lg_malformed", { runId: "r1", event: "updates", text: "{oops", error: "Unexpected token" });
    log.events("r1", [
      { event: "feedback", data: { x: 1 } },
      { event: "debug", data: { nonsense: true } },
      { event: "updates", data: "not an object" },
      { event: "messages", data: [42, {}] },
      { event: "updates", data: { __interrupt__: "not a list" } },
    ]);
    log.add("lg_event", { event: "updates" });
    log.add("lg_future_kind", { runId: "r1" });
    log.run({ runId: "r1", status: "error", error: { code: "upstream:error", message: "TypeError" } });
    const timeline = buildLgTimeline(log.entries);
    const run = timeline.runs.find((r) => r.runId === "r1")!;
    expect(run.status).toBe("error");
    expect(run.record?.error?.code).toBe("upstream:error");
    const kinds = run.notes.map((n) => n.kind);
    expect(kinds.filter((k) => k === "error")).toHaveLength(1);
    expect(kinds).toContain("malformed");
    expect(kinds.filter((k) => k === "unknown")).toHaveLength(5);
    expect(kinds).toContain("unreadable");
    const orphan = timeline.runs.find((r) => r.runId === "(no run)")!;
    expect(orphan.notes[0]).toMatchObject({ kind: "unreadable" });
    expect(() => lgTimelineRows(timeline)).not.toThrow();
  });
});

describe("an event cut to a preview for transport", () => {
  it("is a 'large' note of its run with its size and event name, not an unknown event", () => {
    const log = new EntryLog();
    log.add("lg_event", { runId: "r1", event: "updates", data: { agent: {} } });
    const cut = log.add("lg_event", { _preview: '{"runId":"r1","event":"updates","data":{"agent":"xxxx', runId: "r1", event: "updates" });
    cut.truncated = true;
    cut.rawBytes = 1_200_000;
    const run = buildLgTimeline(log.entries).runs[0]!;
    expect(run.notes).toEqual([{ kind: "large", seq: cut.seq, entryKind: "lg_event", event: "updates", bytes: 1_200_000 }]);
  });
});
