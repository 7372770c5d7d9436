import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeAguiRun, pendingFrontendCalls, threadMessagesAfterRun } from "@/lib/protocols/agui";
import type { AguiStateItem, AguiTextItem, AguiToolCallItem } from "@/lib/protocols/agui";

// Streams captured from the demo AG-UI agent (demo/agui), as it sent them.
const fixture = (name: string): unknown[] =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/agui", `${name}.json`), "utf8")) as unknown[];

describe("normalizeAguiRun on the demo agent's showcase run", () => {
  const events = fixture("showcase");
  const t = normalizeAguiRun(events, { initialState: {} });

  it("assembles text from START/CONTENT/END and from CHUNK events", () => {
    const texts = t.items.filter((i): i is AguiTextItem => i.kind === "text");
    expect(texts.map((x) => [x.text, x.complete, x.chunked])).toEqual([
      ["You said: plan a trip. Let me check the weather.", true, false],
      ["It is sunny in Lisbon, 21°C.", true, true],
    ]);
  });

  it("assembles reasoning, and a tool call's streamed args with its result", () => {
    const reasoning = t.items.find((i) => i.kind === "reasoning");
    expect(reasoning).toMatchObject({ text: "The user wants a trip; check the weather first.", complete: true, legacy: false });
    const call = t.items.find((i): i is AguiToolCallItem => i.kind === "tool_call")!;
    expect(call).toMatchObject({
      name: "get_weather",
      args: '{"city":"Lisbon","unit":"celsius"}',
      parsedArgs: { city: "Lisbon", unit: "celsius" },
      complete: true,
    });
    expect(JSON.parse(call.result!.content as string)).toEqual({ sky: "sunny", tempC: 21 });
  });

  it("applies the snapshot and the JSON Patch deltas, keeping each delta's before and after", () => {
    const states = t.items.filter((i): i is AguiStateItem => i.kind === "state");
    expect(states.map((s) => s.op)).toEqual(["snapshot", "delta", "delta"]);
    expect(states[1]!.before).toEqual({ trip: { city: "Lisbon", nights: 0 }, checks: [] });
    expect(states[1]!.after).toEqual({ trip: { city: "Lisbon", nights: 3 }, checks: ["weather"] });
    // The earlier item's "after" is not mutated by later patches.
    expect(states[2]!.before).toEqual(states[1]!.after);
    expect(t.state).toEqual({ trip: { city: "Lisbon", nights: 3, weather: "sunny" }, checks: ["weather"] });
  });

  it("keeps steps, the custom event, the messages snapshot, and the outcome; no findings", () => {
    expect(
      t.items.filter((i) => i.kind === "step").map((s) => [(s as { name: string }).name, (s as { complete: boolean }).complete]),
    ).toEqual([
      ["plan", true],
      ["act", true],
    ]);
    expect(t.items.find((i) => i.kind === "custom")).toMatchObject({ name: "loupe.demo.rating" });
    expect(t.items.some((i) => i.kind === "messages_snapshot")).toBe(true);
    expect(t.outcome).toEqual({ type: "success", result: { ok: true } });
    expect(t.findings).toEqual([]);
    expect(t.eventCount).toBe(events.length);
  });

  it("thread messages after the run come from the snapshot", () => {
    const messages = threadMessagesAfterRun([{ id: "u1", role: "user", content: "plan a trip" }], t) as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });
});

describe("front-end tool and interrupt runs", () => {
  it("a declared tool called without a result is pending; messages carry the call on its parent", () => {
    const t = normalizeAguiRun(fixture("frontend-tool"));
    const pending = pendingFrontendCalls(t, new Set(["confirm_booking"]));
    expect(pending.map((p) => [p.name, p.parsedArgs])).toEqual([["confirm_booking", { hotel: "Hotel Aurora", nights: 3 }]]);
    expect(pendingFrontendCalls(t, new Set(["other"]))).toEqual([]);
    const messages = threadMessagesAfterRun([], t) as { role: string; toolCalls?: { function: { name: string } }[] }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.toolCalls![0]!.function.name).toBe("confirm_booking");
  });

  it("an interrupt outcome lists its interrupts with their response schema", () => {
    const t = normalizeAguiRun(fixture("interrupt"));
    expect(t.outcome.type).toBe("interrupt");
    const interrupts = t.outcome.type === "interrupt" ? t.outcome.interrupts : [];
    expect(interrupts).toHaveLength(2);
    expect(interrupts[0]).toMatchObject({ reason: "confirmation", responseSchema: { required: ["approved"] } });
  });
});

describe("hostile and legacy streams", () => {
  it("accepts the deprecated THINKING_* events as reasoning and keeps unknown types", () => {
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "THINKING_START" },
      { type: "THINKING_TEXT_MESSAGE_START" },
      { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "hmm " },
      { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "ok" },
      { type: "THINKING_TEXT_MESSAGE_END" },
      { type: "THINKING_END" },
      { type: "FUTURE_EVENT", x: 1 },
      { type: "RUN_FINISHED", threadId: "t", runId: "r" },
    ]);
    expect(t.items.find((i) => i.kind === "reasoning")).toMatchObject({ text: "hmm ok", legacy: true, complete: true });
    expect(t.items.find((i) => i.kind === "unknown")).toMatchObject({ type: "FUTURE_EVENT", event: { x: 1 } });
    expect(t.findings.map((f) => f.code).sort()).toEqual([
      "deprecated_event",
      "deprecated_event",
      "deprecated_event",
      "deprecated_event",
      "deprecated_event",
      "unknown_event_type",
    ]);
    // Legacy outcome (omitted) counts as success.
    expect(t.outcome).toEqual({ type: "success", result: undefined });
  });

  it("reports ordering problems and a failing patch as findings, without throwing", () => {
    const t = normalizeAguiRun(
      [
        { type: "TEXT_MESSAGE_START", messageId: "m" },
        { type: "TOOL_CALL_ARGS", toolCallId: "x", delta: "{" },
        { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f" },
        { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "{bad" },
        { type: "TOOL_CALL_END", toolCallId: "c" },
        { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "}" },
        { type: "STATE_DELTA", delta: [{ op: "replace", path: "/missing/deep", value: 1 }] },
        { type: "RUN_ERROR", message: "boom", code: "E1" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "late" },
      ],
      { initialState: { a: 1 } },
    );
    const codes = t.findings.map((f) => f.code);
    for (const code of [
      "run_started_not_first",
      "tool_args_before_start",
      "tool_args_not_json",
      "tool_args_after_end",
      "state_patch_failed",
      "text_not_ended",
      "event_after_run_end",
    ]) {
      expect(codes).toContain(code);
    }
    const delta = t.items.find((i): i is AguiStateItem => i.kind === "state")!;
    expect(delta.error).toBeTruthy();
    expect(delta.after).toEqual({ a: 1 });
    expect(t.state).toEqual({ a: 1 });
    expect(t.outcome).toEqual({ type: "error", message: "boom", code: "E1" });
    // The text after RUN_ERROR is kept aside, not appended to the message (issue 23).
    expect(t.items.find((i) => i.kind === "text")).toMatchObject({ messageId: "m", text: "" });
    expect(t.items.at(-1)).toMatchObject({ kind: "after_end", type: "TEXT_MESSAGE_CONTENT", first: 8 });
  });

  it("assembles TOOL_CALL_CHUNK streams and closes them at the next other event", () => {
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "TOOL_CALL_CHUNK", toolCallId: "c1", toolCallName: "f", delta: '{"a"' },
      { type: "TOOL_CALL_CHUNK", delta: ":1}" },
      { type: "STEP_STARTED", stepName: "s" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "cancelled" } },
    ]);
    expect(t.items.find((i) => i.kind === "tool_call")).toMatchObject({
      args: '{"a":1}',
      parsedArgs: { a: 1 },
      complete: true,
      chunked: true,
    });
    expect(t.outcome).toEqual({ type: "cancelled" });
  });

  it("normalizes 10,000 events well under a second", () => {
    const events: unknown[] = [{ type: "RUN_STARTED", threadId: "t", runId: "r" }];
    for (let k = 0; events.length < 9_999; k++) {
      events.push({ type: "TEXT_MESSAGE_START", messageId: `m${k}`, role: "assistant" });
      for (let j = 0; j < 6; j++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: `m${k}`, delta: `word${j} ` });
      events.push({ type: "TEXT_MESSAGE_END", messageId: `m${k}` });
      events.push({ type: "STATE_DELTA", delta: [{ op: "add", path: `/k${k % 50}`, value: k }] });
    }
    events.length = 9_999;
    events.push({ type: "RUN_FINISHED", threadId: "t", runId: "r" });
    const t0 = performance.now();
    const t = normalizeAguiRun(events, { initialState: {} });
    const ms = performance.now() - t0;
    expect(t.eventCount).toBe(10_000);
    expect(ms).toBeLessThan(500);
  });
});

describe("normalizeAguiRun on event orders real agents send", () => {
  const run = (runId = "r1") => ({ threadId: "t1", runId });
  const texts = (events: unknown[]) =>
    normalizeAguiRun(events)
      .items.filter((i): i is AguiTextItem => i.kind === "text")
      .map((x) => x.text);

  it("a TEXT_MESSAGE_CONTENT before its START keeps its text (said as an error), in one message with the rest", () => {
    // Before: the delta was dropped ("lo" instead of "Hello") and the START made a second message.
    const events = [
      { type: "RUN_STARTED", ...run() },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hel" },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "lo" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "RUN_FINISHED", ...run() },
    ];
    expect(texts(events)).toEqual(["Hello"]);
    const t = normalizeAguiRun(events);
    expect(t.findings.map((f) => [f.code, f.index])).toContainEqual(["text_not_started", 1]);
    expect(t.findings.map((f) => f.code)).not.toContain("text_started_twice");
  });

  it("a run nested in the run (RUN_STARTED of another runId) ends on its own, not the outer run", () => {
    // Before: the nested RUN_FINISHED ended the outer run, whose later text was kept as 'after the end'.
    const events = [
      { type: "RUN_STARTED", ...run() },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "outer-1" },
      { type: "RUN_STARTED", ...run("sub"), parentRunId: "r1" },
      { type: "RUN_FINISHED", ...run("sub") },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " outer-3" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "RUN_FINISHED", ...run(), result: { ok: true } },
    ];
    const t = normalizeAguiRun(events);
    expect(texts(events)).toEqual(["outer-1 outer-3"]);
    expect(t.items.filter((i) => i.kind === "after_end")).toEqual([]);
    expect(t.outcome).toEqual({ type: "success", result: { ok: true } });
    expect(t.findings.map((f) => f.code)).not.toContain("run_started_twice");
  });

  it("a RUN_STARTED over the open run (no parentRunId) refuses the stream there: the run fails, nothing after is applied", () => {
    // Before: a warning, and the second run's text and outcome were taken for the first's (finished).
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", ...run() },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "kept" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "RUN_STARTED", ...run("r2") },
      { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "over it" },
      { type: "TEXT_MESSAGE_END", messageId: "m2" },
      { type: "RUN_FINISHED", ...run("r2") },
      { type: "RUN_STARTED", ...run("r3") },
    ]);
    const message =
      "RUN_STARTED of run r2 arrived while run r1 was still open: AG-UI allows a new run on a stream only after the open one " +
      "ended (RUN_FINISHED or RUN_ERROR), and @ag-ui/client refuses the stream there. What came after is kept as received, not applied";
    expect(t.outcome).toEqual({ type: "refused", message });
    expect(t.findings.map((f) => [f.code, f.index])).toEqual([["run_started_while_open", 4]]);
    expect(t.items.filter((i) => i.kind === "text").map((i) => (i.kind === "text" ? i.text : ""))).toEqual(["kept"]);
    expect(t.items.filter((i) => i.kind === "after_end")).toHaveLength(6);
    expect(threadMessagesAfterRun([], t).map((m) => (m as { content: string }).content)).toEqual(["kept"]);
  });

  it("a RUN_STARTED after the run closed opens the next run of the stream (allowed), with no finding", () => {
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", ...run() },
      { type: "RUN_FINISHED", ...run() },
      { type: "RUN_STARTED", ...run("r2") },
      { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "next" },
      { type: "TEXT_MESSAGE_END", messageId: "m2" },
      { type: "RUN_ERROR", message: "later", runId: "r2" },
    ]);
    expect(t.findings).toEqual([]);
    expect(t.outcome).toEqual({ type: "error", message: "later", code: undefined });
  });
});

describe("normalizeAguiRun: a RUN_ERROR after RUN_FINISHED (a late failure)", () => {
  const run = (runId = "r1") => ({ threadId: "t1", runId });

  it("ends the run failed with the error's message, as the lifecycle diagram's Closed → Failed says", () => {
    // Before: the run stayed finished and the RUN_ERROR was only an 'after the end' finding.
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", ...run() },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "done" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "RUN_FINISHED", ...run(), outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "confirmation" }] } },
      { type: "RUN_ERROR", message: "The result could not be saved", code: "persist" },
    ]);
    expect(t.outcome).toEqual({ type: "error", message: "The result could not be saved", code: "persist" });
    expect(t.items.filter((i) => i.kind === "after_end")).toEqual([]);
    expect(t.items.map((i) => i.kind)).toEqual(["run_started", "text", "run_finished", "run_error"]);
    expect(t.findings.map((f) => [f.code, f.level, f.index])).toEqual([["late_failure", "info", 5]]);
  });

  it("after the late failure nothing more is applied; a second RUN_ERROR is after the end", () => {
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", ...run() },
      { type: "RUN_FINISHED", ...run() },
      { type: "RUN_ERROR", message: "late" },
      { type: "RUN_ERROR", message: "later still" },
      { type: "TEXT_MESSAGE_START", messageId: "m9", role: "assistant" },
    ]);
    expect(t.outcome).toEqual({ type: "error", message: "late", code: undefined });
    expect(t.items.filter((i) => i.kind === "after_end").map((i) => (i.kind === "after_end" ? i.type : ""))).toEqual([
      "RUN_ERROR",
      "TEXT_MESSAGE_START",
    ]);
    expect(t.findings.find((f) => f.code === "event_after_run_end")?.message).toMatch(/after RUN_ERROR \(#2\)/);
  });
});
