import { describe, expect, it } from "vitest";
import { PauseScript } from "./replay-pauses";

const two = [
  { kind: "confirmation", name: "delete_file", answer: { confirmed: true } },
  { kind: "confirmation", name: "delete_file", answer: { confirmed: false } },
];

describe("PauseScript", () => {
  it("hands out the recorded answers in order and reports nothing missing", () => {
    const s = new PauseScript(two, "turn 1");
    expect(s.answer({ kind: "confirmation", name: "delete_file" })).toEqual({ ok: true, answer: { confirmed: true } });
    expect(s.answer({ kind: "confirmation", name: "delete_file" })).toEqual({ ok: true, answer: { confirmed: false } });
    expect(s.missing()).toEqual([]);
  });

  it("a pause on another site is a problem that names both", () => {
    const s = new PauseScript(two, "turn 1");
    expect(s.answer({ kind: "credential", name: "fetch_report" })).toEqual({
      ok: false,
      problem: "In turn 1 the agent paused for credential on fetch_report where the case expected confirmation on delete_file (pause 1).",
    });
  });

  it("a pause beyond the recorded ones is unexpected", () => {
    const s = new PauseScript([], "turn 2");
    expect(s.answer({ kind: "input", name: "" })).toEqual({
      ok: false,
      problem: "In turn 2 the agent paused for input, which the case did not expect (it recorded no pause).",
    });
  });

  it("recorded pauses that never came are listed by number", () => {
    const s = new PauseScript(two, "turn 1");
    s.answer({ kind: "confirmation", name: "delete_file" });
    expect(s.missing()).toEqual(["In turn 1 the recorded pause 2 (confirmation on delete_file) never came."]);
  });
});
