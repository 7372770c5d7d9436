import { describe, expect, it } from "vitest";
import { applyEvent, buildTimeline, createTimeline } from "./timeline";
import { compactionFolds, invocationList, modelView, openCalls, stateAt, timelineInterrupts } from "./timeline-views";
import { sessionFixture, sseEvents } from "./test-fixtures";

const ids = (tl: ReturnType<typeof buildTimeline>, idx: number[]) => idx.map((i) => tl.entries[i]?.event.id);

describe("streaming partials (03)", () => {
  it("partials grow one entry per (invocation, author) and the final event replaces it", () => {
    const raws = sseEvents("03");
    const partialCount = raws.filter((r) => (r as { partial?: boolean }).partial).length;
    expect(partialCount).toBe(10);
    // after the first four partials: one streaming entry with the text so far
    let tl = createTimeline();
    for (const r of raws.slice(0, 4)) tl = applyEvent(tl, r);
    expect(tl.entries).toHaveLength(1);
    expect(tl.entries[0]).toMatchObject({ streaming: true, items: [{ kind: "text", text: "Checking the weather first.", partial: true }] });
    tl = applyEvent(tl, raws[4]);
    expect(tl.entries).toHaveLength(1);
    expect(tl.entries[0]).toMatchObject({ streaming: false, key: "jJbHrxjQ" });
    expect(tl.entries[0]?.raws).toHaveLength(5);
    expect(tl.entries[0]?.items.map((i) => i.kind)).toEqual(["text", "tool_call", "usage"]);

    const full = buildTimeline(raws);
    expect(full.entries).toHaveLength(raws.length - partialCount);
    expect(full.entries.every((e) => !e.streaming && !e.event.partial)).toBe(true);
    expect(full.usage).toEqual({ prompt: 15 + 87, candidates: 33 + 37, total: 48 + 124, calls: 2 });
  });

  it("a stream cut before its final event stays visibly streaming", () => {
    const raws = sseEvents("03");
    const tl = buildTimeline(raws.slice(0, 7));
    const last = tl.entries[tl.entries.length - 1];
    expect(last).toMatchObject({ streaming: true, items: [{ kind: "text", text: "Now ", partial: true }] });
  });
});

describe("01 weather", () => {
  it("pairs get_weather with its response, applies scoped state, records the artifact", () => {
    const tl = buildTimeline(sseEvents("01"));
    const call = tl.calls.get("adk-22b981c9-b727-4516-bfbb-b5a5290a9fb3");
    expect(call).toMatchObject({ name: "get_weather", callEntry: 0, latencyMs: 5, longRunning: false });
    expect(call?.results).toHaveLength(1);
    expect(call?.results[0]).toMatchObject({ entry: 1, eventId: "ayVy1f7x", isError: false });
    expect(openCalls(tl)).toEqual([]);
    expect(tl.entries[1]?.stateChanges).toEqual([
      { key: "last_city", scope: "session", before: undefined, after: "Paris", existed: false },
      { key: "user:lookups", scope: "user", before: undefined, after: 1, existed: false },
      { key: "app:demo_version", scope: "app", before: undefined, after: 1, existed: false },
    ]);
    expect(tl.artifacts).toEqual({ "weather_report.txt": [0] });
  });
});

describe("26 full session", () => {
  const { events, state } = sessionFixture("26_get_session_full.json");
  const tl = buildTimeline(events, { seeded: true });

  it("final state equals the stored session state; state at any event", () => {
    expect(tl.entries).toHaveLength(21);
    expect(tl.state).toEqual(state);
    expect(stateAt(tl, 1)).toEqual({ seeded: true });
    expect(stateAt(tl, 2)).toEqual({ seeded: true, last_city: "Paris", "user:lookups": 1, "app:demo_version": 1 });
    expect(tl.entries[18]?.stateChanges).toEqual([
      { key: "helper_reply", scope: "session", before: undefined, after: "Helper agent here: transfer worked.", existed: false },
    ]);
    expect(tl.entries[20]?.stateChanges[0]).toMatchObject({ existed: true, before: "Helper agent here: transfer worked." });
  });

  it("usage per invocation and per session", () => {
    expect(tl.usage).toEqual({ prompt: 2193, candidates: 242, total: 2435, calls: 8 });
    expect(invocationList(tl).map((i) => [i.id.slice(0, 10), i.usage.total, i.entries.length])).toEqual([
      ["e-4d2d4adc", 172, 5],
      ["e-b41e59df", 433, 5],
      ["e-1dfc01a7", 252, 4],
      ["e-bc89e459", 950, 5],
      ["e-a965d393", 628, 2],
    ]);
    expect(invocationList(tl)[3]?.authors).toEqual(["user", "inspector_demo", "helper_agent"]);
  });

  it("tool calls across invocations pair up; interrupts answered", () => {
    const del = tl.calls.get("adk-b6e1c298-624a-4573-a6b7-a172435725c7");
    expect(del).toMatchObject({ name: "delete_file", callEntry: 3, latencyMs: 1795257169789 - 1795257169772 });
    const job = tl.calls.get("adk-8dd0361b-abf3-4474-b13d-cc6670d42504");
    expect(job?.results.map((r) => [r.author, r.response])).toEqual([
      ["inspector_demo", { status: "pending", jobName: "nightly-report", ticket: "T-42" }],
      ["user", { status: "done", ticket: "T-42", rows: 1234 }],
    ]);
    expect(openCalls(tl)).toEqual([]);
    expect(timelineInterrupts(tl, { connectionId: "c", sessionKey: "s" }).map((i) => i.status)).toEqual([
      "answered",
      "answered",
      "answered",
    ]);
  });
});

describe("compaction (66)", () => {
  const tl = buildTimeline(sessionFixture("66_compaction_session.json").events);

  it("folds cover the events in each compaction's time range", () => {
    const folds = compactionFolds(tl);
    expect(folds.map((f) => f.eventId)).toEqual(["KIGkiKwP", "s1hOeHYu"]);
    expect(ids(tl, folds[0]?.covered ?? [])).toEqual(["pRs8IoyO", "Mz8nkoV9", "qbdMmcNt", "oBqJ00CT"]);
    expect(ids(tl, folds[1]?.covered ?? [])).toEqual(["KIGkiKwP", "9Ew7R8Zx", "IsGXzVgf"]);
    expect(folds[1]?.summary).toBe("SUMMARY of 4 events: the user chatted with the agent.");
  });

  it("what the model sees: the latest summary, then events after its end", () => {
    const view = modelView(tl);
    expect(ids(tl, view.visible)).toEqual(["s1hOeHYu", "zmvGdsxy", "yuVTre48", "Ch2ygRc0"]);
    expect(view.hidden).toHaveLength(8);
  });

  it("streamed compaction (63) folds the same way over SSE + stored events", () => {
    const sse = buildTimeline(sseEvents("63"));
    expect(compactionFolds(sse)[0]?.covered).toEqual([]); // the covered events are not in this stream
    expect(modelView(sse).visible).toEqual([0, 1]);
  });
});

describe("Python quirks", () => {
  const base = { invocationId: "e-1", author: "agent", timestamp: 1795257092.1 };

  it("the doubled event (same id: content, then content-less copy with artifactDelta) merges into one entry", () => {
    const first = {
      ...base,
      id: "dup",
      content: { role: "user", parts: [{ functionResponse: { id: "c1", name: "save", response: { ok: true } } }] },
      actions: { stateDelta: { n: 1 }, artifactDelta: {} },
    };
    const second = { ...base, id: "dup", actions: { stateDelta: { n: 1 }, artifactDelta: { "a.txt": 0 } } };
    const call = {
      ...base,
      id: "call",
      timestamp: 1795257092.05,
      content: { role: "model", parts: [{ functionCall: { id: "c1", name: "save", args: {} } }] },
    };
    const tl = buildTimeline([call, first, second]);
    expect(tl.entries).toHaveLength(2);
    expect(tl.entries[1]?.raws).toEqual([first, second]);
    expect(tl.entries[1]?.items.map((i) => i.kind)).toEqual(["tool_result", "state_delta", "artifact"]);
    expect(tl.entries[1]?.stateChanges).toEqual([{ key: "n", scope: "session", before: undefined, after: 1, existed: false }]);
    expect(tl.artifacts).toEqual({ "a.txt": [0] });
    expect(tl.calls.get("c1")?.results).toHaveLength(1);
    expect(tl.calls.get("c1")?.latencyMs).toBe(50);
  });

  it("partials sharing the final event's id are merged then replaced", () => {
    const p = (text: string) => ({ ...base, id: "same", partial: true, content: { role: "model", parts: [{ text }] } });
    const final = {
      ...base,
      id: "same",
      content: { role: "model", parts: [{ text: "ab" }] },
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
    };
    const tl = buildTimeline([p("a"), p("b"), final]);
    expect(tl.entries).toHaveLength(1);
    expect(tl.entries[0]?.items).toEqual([
      { kind: "text", text: "ab", partial: false, role: "model" },
      { kind: "usage", prompt: 1, candidates: 2, total: 3 },
    ]);
  });
});

describe("pairing and robustness", () => {
  it("parallel calls pair by id; a call with no result stays open; odd input is kept", () => {
    const t = (ms: number) => 1795257092000 + ms;
    const tl = buildTimeline([
      {
        id: "a",
        invocationId: "e",
        author: "m",
        timestamp: t(0),
        content: {
          parts: [
            { functionCall: { id: "x", name: "f", args: {} } },
            { functionCall: { id: "y", name: "g", args: {} } },
            { functionCall: { id: "z", name: "h", args: {} } },
          ],
        },
      },
      {
        id: "b",
        invocationId: "e",
        author: "m",
        timestamp: t(30),
        content: {
          parts: [
            { functionResponse: { id: "y", name: "g", response: { error: "boom" } } },
            { functionResponse: { id: "x", name: "f", response: {} } },
          ],
        },
      },
      "garbage",
      { error: "stream broke" },
    ]);
    expect(tl.calls.get("x")).toMatchObject({ latencyMs: 30 });
    expect(tl.calls.get("y")?.results[0]?.isError).toBe(true);
    expect(openCalls(tl).map((c) => c.callId)).toEqual(["z"]);
    expect(tl.entries.map((e) => e.items[0]?.kind)).toEqual(["tool_call", "tool_result", "unrecognized", "error"]);
  });

  function synthetic(n: number): unknown[] {
    const raws: unknown[] = [];
    for (let i = 0; i < n / 4; i++) {
      const inv = `e-${Math.floor(i / 5)}`;
      const ts = 1795257092000 + i * 4;
      raws.push({ id: `p${i}`, invocationId: inv, author: "m", timestamp: ts, partial: true, content: { parts: [{ text: "x" }] } });
      raws.push({
        id: `c${i}`,
        invocationId: inv,
        author: "m",
        timestamp: ts + 1,
        content: { parts: [{ text: "x" }, { functionCall: { id: `k${i}`, name: "f", args: { i } } }] },
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      });
      raws.push({
        id: `r${i}`,
        invocationId: inv,
        author: "m",
        timestamp: ts + 2,
        content: { parts: [{ functionResponse: { id: `k${i}`, name: "f", response: { i } } }] },
        actions: { stateDelta: { [`k${i % 50}`]: i } },
      });
      raws.push(
        i % 500 === 499
          ? {
              id: `s${i}`,
              invocationId: "",
              author: "system",
              timestamp: ts + 3,
              isCompacted: true,
              startTime: ts - 1000,
              endTime: ts,
              compactedContent: "sum",
            }
          : { id: `u${i}`, invocationId: inv, author: "user", timestamp: ts + 3, content: { parts: [{ text: "next" }] } },
      );
    }
    return raws;
  }

  function timed(raws: unknown[]): number {
    const start = performance.now();
    const tl = buildTimeline(raws);
    compactionFolds(tl);
    modelView(tl);
    return performance.now() - start;
  }

  it("handles 10,000 events quickly and in linear time", () => {
    const raws = synthetic(10_000);
    const tl = buildTimeline(raws);
    expect(tl.entries).toHaveLength(7500);
    expect(tl.usage.total).toBe(5000);
    expect(tl.calls.size).toBe(2500);
    expect(openCalls(tl)).toEqual([]);
    const folds = compactionFolds(tl);
    expect(folds).toHaveLength(5);
    expect(folds[0]?.covered).toHaveLength(750); // 250 steps × 3 final entries in the 1 s window
    expect(modelView(tl).compaction).toBe(folds[4]?.entry);
    expect(invocationList(tl)).toHaveLength(500);
    expect(timed(raws)).toBeLessThan(4000);
    // quadratic work would make 4× the events cost ~16×; allow generous noise
    const small = Math.max(timed(synthetic(5_000)), 5);
    expect(timed(synthetic(20_000)) / small).toBeLessThan(10);
  });
});
