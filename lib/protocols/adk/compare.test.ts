import { describe, expect, it } from "vitest";
import { compareSessions, sessionUnits } from "./compare";
import { sessionFixture, sseEvents } from "./test-fixtures";
import { scriptedSession as session, weatherCall as weather, type ScriptedInvocation as Inv } from "./compare-test-sessions";

describe("compareSessions", () => {
  it("two identical runs: every invocation the same, nothing differs", () => {
    const invs: Inv[] = [{ user: "weather?", calls: [weather("Paris")], answer: "Sunny in Paris.", tokens: 10 }];
    const c = compareSessions(session(invs, "a"), session(invs, "b"));
    expect(c.pairs.map((p) => p.status)).toEqual(["same"]);
    expect(c.summary).toMatchObject({
      units: 1,
      differing: 0,
      onlyA: 0,
      onlyB: 0,
      toolsOnlyInA: [],
      toolsOnlyInB: [],
      tokensA: 10,
      tokensB: 10,
    });
    expect(c.pairs[0]?.a?.userText).toBe("weather?");
  });

  it("an extra invocation in B is only in B; the earlier ones still pair", () => {
    const one: Inv = { user: "hi", answer: "hello" };
    const c = compareSessions(session([one], "a"), session([one, { user: "again", answer: "hello again" }], "b"));
    expect(c.pairs.map((p) => p.status)).toEqual(["same", "only_b"]);
    expect(c.pairs[1]?.b?.userText).toBe("again");
    expect(c.summary).toMatchObject({ units: 2, differing: 1, onlyA: 0, onlyB: 1 });
  });

  it("a missing tool call reads as removed, and the calls around it still pair by name", () => {
    const lookup = { name: "lookup", args: { q: "x" }, result: { hits: 1 } };
    const a = session([{ user: "go", calls: [weather("Paris"), lookup, weather("Rome")], answer: "done" }], "a");
    const b = session([{ user: "go", calls: [weather("Paris"), weather("Rome")], answer: "done" }], "b");
    const [pair] = compareSessions(a, b).pairs;
    expect(pair?.calls.map((c) => [c.status, c.a?.name ?? null, c.b?.name ?? null])).toEqual([
      ["same", "get_weather", "get_weather"],
      ["only_a", "lookup", null],
      ["same", "get_weather", "get_weather"],
    ]);
    expect(pair?.differs).toEqual(["calls"]);
    const c = compareSessions(a, b);
    expect(c.summary.toolsOnlyInA).toEqual(["lookup"]);
    expect(c.summary.toolsOnlyInB).toEqual([]);
  });

  it("the same tool with different arguments: exactly that argument, and the result that followed", () => {
    const a = session([{ user: "weather?", calls: [weather("Paris")], answer: "Sunny." }], "a");
    const b = session([{ user: "weather?", calls: [weather("Rome", "rain")], answer: "Sunny." }], "b");
    const [pair] = compareSessions(a, b).pairs;
    expect(pair?.status).toBe("different");
    expect(pair?.differs).toEqual(["args", "results"]);
    const [call] = pair?.calls ?? [];
    expect(call?.status).toBe("different");
    expect(call?.args?.changes).toEqual([{ path: ["city"], kind: "changed", before: "Paris", after: "Rome" }]);
    expect(call?.result?.changes.map((r) => r.path)).toEqual([["city"], ["forecast"]]);
  });

  it("a different final answer: a line diff that keeps the shared lines", () => {
    const a = session([{ user: "q", answer: "Line one\nSunny\nBye" }], "a");
    const b = session([{ user: "q", answer: "Line one\nRainy\nBye" }], "b");
    const [pair] = compareSessions(a, b).pairs;
    expect(pair?.differs).toEqual(["answer"]);
    expect(pair?.answer).toEqual([
      { kind: "same", text: "Line one" },
      { kind: "removed", text: "Sunny" },
      { kind: "added", text: "Rainy" },
      { kind: "same", text: "Bye" },
    ]);
  });

  it("state deltas and token totals are compared per invocation", () => {
    const a = session([{ user: "q", answer: "x", stateDelta: { n: 1 }, tokens: 12 }], "a");
    const b = session([{ user: "q", answer: "x", stateDelta: { n: 2 }, tokens: 30 }], "b");
    const c = compareSessions(a, b);
    expect(c.pairs[0]?.differs).toEqual(["state"]);
    expect(c.pairs[0]?.state?.changes).toEqual([{ path: ["n"], kind: "changed", before: 1, after: 2 }]);
    expect(c.summary).toMatchObject({ tokensA: 12, tokensB: 30 });
  });

  it("streamed partials fold into their final event, and a cut-off stream is not part of the run", () => {
    // 03: ten partials then finals. The same run read as SSE (with partials) and as a stored session compares equal.
    const streamed = sseEvents("03");
    const finals = streamed.filter((r) => !(r as { partial?: boolean }).partial);
    expect(finals.length).toBeLessThan(streamed.length);
    const c = compareSessions(streamed, finals);
    expect(c.pairs.length).toBeGreaterThan(0);
    expect(c.summary.differing).toBe(0);
    // A trailing partial with no final event adds no answer text.
    const cut = [
      ...finals,
      { ...(streamed[0] as object), id: "zz", partial: true, content: { role: "model", parts: [{ text: "Half an ans" }] } },
    ];
    expect(compareSessions(finals, cut).summary.differing).toBe(0);
  });

  it("reads a real multi-agent session: user message, tool calls with results, transfer, agents", () => {
    const { events } = sessionFixture("26_get_session_full.json");
    const units = sessionUnits(events);
    expect(units[0]?.userText).toBe("run the full scenario");
    expect(units[0]?.calls[0]).toMatchObject({ name: "get_weather", args: { city: "Paris" }, isError: false });
    expect(units[0]?.calls[0]?.result).toMatchObject({ forecast: "sunny" });
    expect(units.some((u) => u.transfers.length > 0)).toBe(true);
    expect(compareSessions(events, events).summary.differing).toBe(0);
  });
});

describe("bounded work", () => {
  it("an invocation with thousands of calls on each side pairs them by position past the LCS cap, quickly", () => {
    const many = (n: number, city: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({ name: i % 2 ? "lookup" : "get_weather", args: { city: city(i) }, result: { ok: true } }));
    const a = session([{ user: "bulk", calls: many(3000, () => "Paris"), answer: "done" }], "a");
    const b = session([{ user: "bulk", calls: many(3000, (i) => (i === 2999 ? "Rome" : "Paris")), answer: "done" }], "b");
    const started = performance.now();
    const [pair] = compareSessions(a, b).pairs;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(pair?.calls).toHaveLength(3000);
    expect(pair?.calls.filter((c) => c.status !== "same").map((c) => c.args?.changes[0]?.after)).toEqual(["Rome"]);
  });
});

describe("past the LCS cap", () => {
  it("two calls paired by position under different names are never 'same'", () => {
    const calls = (names: string[]) => names.map((name) => ({ name, args: {}, result: {} }));
    const namesA = Array.from({ length: 600 }, () => "get_weather");
    const namesB = [...namesA.slice(0, 599), "lookup"];
    const [pair] = compareSessions(
      session([{ user: "q", calls: calls(namesA), answer: "x" }], "a"),
      session([{ user: "q", calls: calls(namesB), answer: "x" }], "b"),
    ).pairs;
    expect(pair?.calls).toHaveLength(600);
    expect(pair?.calls[599]).toMatchObject({ status: "different", a: { name: "get_weather" }, b: { name: "lookup" } });
    expect(pair?.differs).toEqual(["calls"]);
  });
});

describe("an invocation started by answering a pause", () => {
  it("says which call the user answered instead of an empty user message", () => {
    const { events } = sessionFixture("26_get_session_full.json");
    const texts = sessionUnits(events).map((u) => u.userText);
    expect(texts[0]).toBe("run the full scenario");
    expect(texts).toContain("hello again");
    expect(texts.filter((t) => t.startsWith("(answer to ")).length).toBeGreaterThan(0);
    expect(texts.every((t) => t !== "")).toBe(true);
  });
});
