import { describe, expect, it } from "vitest";
import { assertionSchema, caseOutcomeSchema } from "@/lib/contracts/testing";
import type { AssertionInput, CaseOutcome } from "@/lib/contracts/testing";
import { evaluateAssertion, firstFailure, previewAssertions } from "@/lib/suites/assertions";
import type { Judge } from "@/lib/suites/assertions";
import { IGNORED, selectPath, withoutPaths } from "@/lib/suites/json-path";

const outcome = (o: Partial<CaseOutcome>): CaseOutcome => caseOutcomeSchema.parse(o);

const recorded = outcome({
  result: { content: [{ type: "text", text: "Echo: hi", id: "a1" }], structuredContent: { n: 3, at: "2026-01-01" } },
  latencyMs: 40,
  toolCalls: [
    { name: "search", args: { q: "flights", limit: 5 } },
    { name: "book", args: { id: 7 } },
  ],
  finalResponse: "I booked the flight to Paris for you.",
});

async function run(input: AssertionInput, actual: CaseOutcome = recorded, judge?: Judge) {
  return evaluateAssertion(assertionSchema.parse(input), 0, { outcome: actual, recorded, judge });
}

describe("JSON paths", () => {
  it("selects keys, indices, wildcards and descendants", () => {
    const v = { a: [{ id: 1, b: { id: 2 } }, { id: 3 }], "odd key": true };
    expect(selectPath(v, "$.a[1].id").map((m) => m.value)).toEqual([3]);
    expect(selectPath(v, "$.a[-1].id").map((m) => m.value)).toEqual([3]);
    expect(selectPath(v, "$.a[*].id").map((m) => m.value)).toEqual([1, 3]);
    expect(selectPath(v, "$..id").map((m) => m.value)).toEqual([1, 2, 3]);
    expect(selectPath(v, '$["odd key"]').map((m) => m.value)).toEqual([true]);
    expect(selectPath(v, "$.missing")).toEqual([]);
  });

  it("removes ignored keys and blanks ignored array items without touching the original", () => {
    const v = { a: [1, 2], t: { at: 5, keep: 1 } };
    expect(withoutPaths(v, ["$..at", "$.a[0]"])).toEqual({ a: [IGNORED, 2], t: { keep: 1 } });
    expect(v.t.at).toBe(5);
  });
});

describe("assertions", () => {
  it("structural: passes against its own recording, names the path of a difference, ignores paths", async () => {
    expect((await run({ type: "structural" })).status).toBe("pass");
    const changed = outcome({
      ...recorded,
      result: { content: [{ type: "text", text: "Echo: ho", id: "b2" }], structuredContent: { n: 3, at: "2027" } },
    });
    const failed = await run({ type: "structural" }, changed);
    expect(failed.status).toBe("fail");
    expect(failed.reason).toContain('$.result.content[0].text: expected "Echo: hi", got "Echo: ho"');
    const ignoring = await run({ type: "structural", ignorePaths: ["$..id", "$.structuredContent.at"] }, changed);
    expect(ignoring.reason).not.toContain(".id");
    expect(ignoring.status).toBe("fail");
    const onlyText = outcome({
      ...changed,
      result: { ...(changed.result as object), content: [{ type: "text", text: "Echo: hi", id: "zz" }] },
    });
    expect((await run({ type: "structural", ignorePaths: ["$..id", "$..at"] }, onlyText)).status).toBe("pass");
  });

  it("structural: an explicit expectation at a path, and nothing there", async () => {
    expect((await run({ type: "structural", path: "$.result.structuredContent.n", expected: 3 })).status).toBe("pass");
    expect((await run({ type: "structural", path: "$.result.nope", expected: 3 })).reason).toBe("Nothing at $.result.nope");
  });

  it("json_schema: valid, invalid with the instance path, and a schema that does not compile is an error", async () => {
    const schema = { type: "object", properties: { n: { type: "integer", maximum: 2 } }, required: ["n"] };
    const r = await run({ type: "json_schema", path: "$.result.structuredContent", schema });
    expect(r.status).toBe("fail");
    expect(r.reason).toContain("$.result.structuredContent.n must be <= 2");
    expect((await run({ type: "json_schema", path: "$.result.structuredContent", schema: { type: "object" } })).status).toBe("pass");
    expect((await run({ type: "json_schema", schema: { type: "nope" } })).status).toBe("error");
  });

  it("contains and regex, case-insensitive and negated; a bad pattern is an error", async () => {
    expect((await run({ type: "contains", text: "echo: HI" })).status).toBe("fail");
    expect((await run({ type: "contains", text: "echo: HI", caseSensitive: false })).status).toBe("pass");
    expect((await run({ type: "contains", text: "error", negate: true })).status).toBe("pass");
    expect((await run({ type: "regex", path: "$.result.content[0].text", pattern: "^Echo: \\w+$" })).status).toBe("pass");
    expect((await run({ type: "regex", pattern: "Paris" })).status).toBe("fail");
    expect((await run({ type: "regex", pattern: "(" })).status).toBe("error");
  });

  it("a regex that backtracks catastrophically is stopped and reported, not left to hold the server", async () => {
    // On 40 "a" and a "!" this pattern backtracks for hours; it held the event loop before.
    const text = `${"a".repeat(40)}!`;
    const r = await run({ type: "regex", path: "$.finalResponse", pattern: "^(a+)+$" }, outcome({ result: null, finalResponse: text }));
    expect(r).toMatchObject({ status: "error", reason: expect.stringContaining("was stopped") });
    // The same engine still answers an ordinary pattern afterwards, flags applied.
    expect(
      (await run({ type: "regex", path: "$.finalResponse", pattern: "A+!$", flags: "i" }, outcome({ result: null, finalResponse: text })))
        .status,
    ).toBe("pass");
  });

  it("a JSON Schema whose pattern backtracks catastrophically is bounded too: the value fails, the server goes on", async () => {
    // Before: Ajv tested the pattern with a plain RegExp; 30 "a" and a "!" held the event loop for
    // tens of seconds (each character more doubles it), the whole server with it.
    const text = `${"a".repeat(30)}!`;
    const started = performance.now();
    const r = await run(
      { type: "json_schema", path: "$.finalResponse", schema: { type: "string", pattern: "^(a+)+$" } },
      outcome({ result: null, finalResponse: text }),
    );
    expect(r).toMatchObject({ status: "fail", reason: expect.stringContaining('must match pattern "^(a+)+$"') });
    expect(performance.now() - started).toBeLessThan(3_000);
    // The limit is the validation's, not each string's: the same pattern on each of 50 items.
    const many = Array.from({ length: 50 }, () => text);
    const started50 = performance.now();
    const items = await run(
      { type: "json_schema", path: "$.result.items", schema: { type: "array", items: { type: "string", pattern: "^(a+)+$" } } },
      outcome({ result: { items: many } }),
    );
    expect(items.status).toBe("fail");
    expect(performance.now() - started50).toBeLessThan(3_000);
    // An ordinary pattern still decides as before.
    const ok = { type: "json_schema", path: "$.finalResponse", schema: { type: "string", pattern: "^a+!$" } } as const;
    expect(await run(ok, outcome({ result: null, finalResponse: text }))).toMatchObject({ status: "pass" });
  });

  it("chained recursive steps select each node once, on a value 60 levels deep", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 60; i++) deep = { a: deep };
    // Each node once: before, 5 steps took over a minute (a node was selected through each ancestor).
    expect(selectPath({ result: deep }, "$..*").length).toBe(61);
    expect(selectPath({ result: deep }, "$..*..*..*..*..*").length).toBe(57);
    expect(selectPath({ result: deep }, "$..*..*..*..*..*..*..*..*").map((m) => m.path.length)).toEqual(
      Array.from({ length: 54 }, (_, i) => i + 8),
    );
  });

  it("a path that cannot be read is an error, not a crash", async () => {
    expect(assertionSchema.safeParse({ type: "contains", text: "x", path: "result" }).success).toBe(false);
    const r = await run({ type: "contains", text: "x", path: "$.a[" });
    expect(r).toMatchObject({ status: "error", reason: expect.stringContaining("Bad path") });
  });

  it("is_error and latency", async () => {
    expect((await run({ type: "is_error" })).status).toBe("pass");
    expect((await run({ type: "is_error" }, outcome({ ...recorded, isError: true }))).reason).toBe("isError is true, expected false");
    expect((await run({ type: "latency", maxMs: 40 })).status).toBe("pass");
    expect((await run({ type: "latency", maxMs: 39 })).reason).toBe("40 ms is over the 39 ms budget");
  });

  it("trajectory: exact, in order, any order, with exact / subset / ignored arguments", async () => {
    const calls = (...c: [string, unknown][]) => outcome({ ...recorded, toolCalls: c.map(([name, args]) => ({ name, args })) });
    expect((await run({ type: "trajectory" })).status).toBe("pass");
    const reordered = calls(["book", { id: 7 }], ["search", { q: "flights", limit: 5 }]);
    expect((await run({ type: "trajectory" }, reordered)).status).toBe("fail");
    expect((await run({ type: "trajectory", mode: "any_order" }, reordered)).status).toBe("pass");
    expect((await run({ type: "trajectory", mode: "in_order" }, reordered)).status).toBe("fail");
    const between = calls(["search", { q: "flights", limit: 5 }], ["log", {}], ["book", { id: 7 }]);
    expect((await run({ type: "trajectory" }, between)).status).toBe("fail");
    expect((await run({ type: "trajectory", mode: "in_order" }, between)).status).toBe("pass");
    const moreArgs = calls(["search", { q: "flights", limit: 5, lang: "en" }], ["book", { id: 7 }]);
    expect((await run({ type: "trajectory" }, moreArgs)).status).toBe("fail");
    expect((await run({ type: "trajectory", args: "subset" }, moreArgs)).status).toBe("pass");
    const otherArgs = calls(["search", { q: "trains", limit: 5 }], ["book", { id: 7 }]);
    const r = await run({ type: "trajectory", args: "subset" }, otherArgs);
    expect(r.reason).toContain('search was called with {"q":"trains","limit":5} where {"q":"flights","limit":5} was expected');
    expect((await run({ type: "trajectory", args: "ignore" }, otherArgs)).status).toBe("pass");
    expect((await run({ type: "trajectory", expected: [{ name: "cancel" }], mode: "any_order" })).reason).toContain(
      "cancel was not called",
    );
  });

  it("final response: exact, contains and ROUGE-1 against the threshold", async () => {
    const said = (text: string | null) => outcome({ ...recorded, finalResponse: text });
    expect((await run({ type: "final_response", mode: "exact" })).status).toBe("pass");
    expect((await run({ type: "final_response", mode: "contains", expected: "Paris" })).status).toBe("pass");
    const close = await run({ type: "final_response" }, said("I have booked your flight to Paris."));
    // i, book, flight, to, pari of 7 and 8 tokens: P 5/7, R 5/8, F 2/3 — under ADK's default 0.8.
    expect(close).toMatchObject({ status: "fail", score: expect.closeTo(2 / 3, 10) });
    expect((await run({ type: "final_response", threshold: 0.6 }, said("I have booked your flight to Paris."))).status).toBe("pass");
    const far = await run({ type: "final_response", threshold: 0.5 }, said("The weather is nice."));
    expect(far).toMatchObject({ status: "fail", reason: expect.stringMatching(/^ROUGE-1 F 0\.\d{3} < 0\.5/) });
    expect((await run({ type: "final_response" }, said(null))).reason).toBe("There was no final response");
  });

  it("LLM judge: skipped without a judge or a key, scored by a scripted one", async () => {
    const input: AssertionInput = { type: "llm_judge", provider: "scripted", model: "judge", criteria: "polite", threshold: 0.7 };
    expect((await run(input)).status).toBe("skipped");
    expect((await run(input, recorded, () => Promise.resolve({ skipped: "no key" }))).reason).toBe("skipped (no key)");
    let seen = "";
    const judge: Judge = (req) => {
      seen = req.text;
      return Promise.resolve({ score: req.text.includes("Paris") ? 0.9 : 0.1, reason: "scripted" });
    };
    expect((await run(input, recorded, judge)).status).toBe("pass");
    expect(seen).toBe(recorded.finalResponse);
    expect((await run(input, outcome({ ...recorded, finalResponse: "no" }), judge)).status).toBe("fail");
  });

  it("previews against the recording and names the first failure", async () => {
    const results = await previewAssertions(
      [assertionSchema.parse({ type: "latency", maxMs: 100 }), assertionSchema.parse({ type: "contains", text: "zzz" })],
      recorded,
    );
    expect(results.map((r) => r.status)).toEqual(["pass", "fail"]);
    expect(firstFailure(results)).toBe('assertion 2 (contains) failed: $.result does not contain "zzz"');
  });
});
