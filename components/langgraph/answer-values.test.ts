import { describe, expect, it } from "vitest";
import { validateValue } from "@/lib/schema/form";
import { describeAnswer, optionsOf, parseJsonValue, schemaOfValue } from "./answer-values";

describe("the edit form's schema, inferred from the interrupt's args", () => {
  it("keeps each key's type, requires nothing and allows new keys", () => {
    const args = { to: "a@b.c", count: 2, ratio: 0.5, urgent: false, tags: ["x"], meta: { a: null } };
    expect(schemaOfValue(args)).toEqual({
      type: "object",
      additionalProperties: true,
      properties: {
        to: { type: "string" },
        count: { type: "integer" },
        ratio: { type: "number" },
        urgent: { type: "boolean" },
        tags: { type: "array", items: { type: "string" } },
        meta: { type: "object", additionalProperties: true, properties: { a: {} } },
      },
    });
    expect(validateValue(schemaOfValue(args), { ...args, extra: 1 }).ok).toBe(true);
    expect(validateValue(schemaOfValue(args), { to: 3 }).ok).toBe(false);
  });
});

describe("generic answers", () => {
  it("parses any JSON value and says why text is not one", () => {
    expect(parseJsonValue('"yes"')).toEqual({ ok: true, value: "yes" });
    expect(parseJsonValue("{").ok).toBe(false);
  });

  it("reads a question with a few primitive options, nothing else", () => {
    expect(optionsOf({ question: "Which?", options: ["a", "b"] })).toEqual(["a", "b"]);
    expect(optionsOf({ options: [{ a: 1 }] })).toBeNull();
    expect(optionsOf("Which?")).toBeNull();
  });

  it("words each answer kind", () => {
    expect(describeAnswer({ kind: "accept" })).toBe("accepted as asked");
    expect(describeAnswer({ kind: "response", text: "no" })).toBe("responded “no”");
    expect(describeAnswer({ kind: "value", value: { ok: true } })).toBe('resumed with {"ok":true}');
  });
});
