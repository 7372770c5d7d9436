import { describe, expect, it } from "vitest";
import { forkPlan, forkState, parseJsonObject, stateAtEvent } from "@/lib/protocols/adk/fork";

const ev = (stateDelta?: Record<string, unknown>) => ({ actions: stateDelta ? { stateDelta } : {} });

describe("stateAtEvent", () => {
  const events = [ev({ a: 1, "user:n": 1 }), ev(), ev({ a: 2, b: "x", "temp:t": true }), ev({ a: 3 })];

  it("folds every stateDelta up to and including the event, over the initial state, later writes winning", () => {
    expect(stateAtEvent({ seed: 0 }, events, 0)).toEqual({ seed: 0, a: 1, "user:n": 1 });
    expect(stateAtEvent({ seed: 0 }, events, 2)).toEqual({ seed: 0, a: 2, b: "x", "user:n": 1, "temp:t": true });
    expect(stateAtEvent({}, events, 3)).toMatchObject({ a: 3 });
  });

  it("does not change the initial state it was given; an index past the end reads the last event", () => {
    const initial = { a: 0 };
    expect(stateAtEvent(initial, events, 99)).toMatchObject({ a: 3 });
    expect(initial).toEqual({ a: 0 });
    expect(stateAtEvent(initial, [], 0)).toEqual({ a: 0 });
    expect(stateAtEvent({}, [{ actions: null }, { actions: { stateDelta: "nope" as never } }], 1)).toEqual({});
  });
});

describe("forkPlan / forkState", () => {
  const plan = forkPlan({ b: 2, "app:v": 1, a: 1, "user:n": "Ada", "temp:t": 1 });

  it("splits the session's own keys from the shared app:/user: ones and the temp: ones", () => {
    expect(plan).toEqual({ session: { a: 1, b: 2 }, shared: { "app:v": 1, "user:n": "Ada" }, temp: ["temp:t"] });
  });

  it("sends the edited own keys, the shared ones only when asked, never a temp: key", () => {
    expect(forkState({ a: 5, "temp:x": 1 }, plan.shared, false)).toEqual({ a: 5 });
    expect(forkState({ a: 5 }, plan.shared, true)).toEqual({ a: 5, "app:v": 1, "user:n": "Ada" });
  });
});

describe("parseJsonObject", () => {
  it("takes an object or blank, and names what is wrong otherwise", () => {
    expect(parseJsonObject(' {"a": 1} ', "State")).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject("  ", "State")).toEqual({ ok: true, value: {} });
    expect(parseJsonObject("[1]", "State")).toEqual({ ok: false, error: 'State must be a JSON object ({"key": value})' });
    expect(parseJsonObject("{a:1}", "State")).toMatchObject({ ok: false, error: expect.stringMatching(/^State: invalid JSON/) });
  });
});
