import { describe, expect, it } from "vitest";
import { emptyRunDraft, runBodyFromDraft } from "./run-draft";
import { emptyToolDraft, schemaError, toolsFromDrafts } from "./tool-drafts";

const TOOL = { name: "confirm_booking", description: "Confirm", parameters: { type: "object", properties: { hotel: { type: "string" } } } };

describe("run form → AguiRunBody", () => {
  it("sends only what the user set: no state, no tools (the agent's defaults), no forwardedProps", () => {
    const draft = { ...emptyRunDraft({ a: 1 }, [TOOL]), text: "book a room" };
    expect(runBodyFromDraft(draft, "t-1")).toEqual({ ok: true, body: { threadId: "t-1", text: "book a room", context: [] } });
  });

  it("sends an edited state, context, forwardedProps and the run's own tools", () => {
    const draft = {
      ...emptyRunDraft({}, []),
      stateText: '{"trip": {"nights": 2}}',
      stateEdited: true,
      context: [
        { description: "user tz", value: "Europe/Lisbon" },
        { description: "", value: "" },
      ],
      forwardedText: '{"mode": "test"}',
      tools: [{ name: "pick_date", description: "", schemaText: '{"type":"object","properties":{"day":{"type":"string"}}}' }],
      toolsEdited: true,
    };
    expect(runBodyFromDraft(draft, null)).toEqual({
      ok: true,
      body: {
        state: { trip: { nights: 2 } },
        context: [{ description: "user tz", value: "Europe/Lisbon" }],
        forwardedProps: { mode: "test" },
        tools: [{ name: "pick_date", description: "", parameters: { type: "object", properties: { day: { type: "string" } } } }],
      },
    });
  });

  it("blocks bad JSON, a non-object forwardedProps and a context value without description, field by field", () => {
    const draft = {
      ...emptyRunDraft({}, []),
      stateText: "{",
      stateEdited: true,
      forwardedText: "[1]",
      context: [{ description: " ", value: "x" }],
    };
    const result = runBodyFromDraft(draft, null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.state).toMatch(/^Not JSON/);
    expect(result.errors.forwarded).toBe("forwardedProps must be a JSON object.");
    expect(result.errors.context).toMatch(/description/);
  });
});

describe("front-end tool declarations", () => {
  it("validates the schema: JSON, an object, describing an object, compilable", () => {
    expect(schemaError('{"type":"object"}')).toBeNull();
    expect(schemaError("{")).toMatch(/^Not JSON/);
    expect(schemaError("[]")).toBe("The schema must be a JSON object.");
    expect(schemaError('{"type":"string"}')).toMatch(/describe an object/);
    expect(schemaError('{"type":"object","properties":{"a":{"type":"nonsense"}}}')).toMatch(/^The schema cannot be used/);
  });

  it("refuses a missing, odd or duplicate name", () => {
    const result = toolsFromDrafts([
      { ...emptyToolDraft(), name: "a b" },
      { ...emptyToolDraft(), name: "x" },
      { ...emptyToolDraft(), name: "x" },
      emptyToolDraft(),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.name?.slice(0, 12))).toEqual(["Letters, dig", "Two tools ha", "Two tools ha", "A name is re"]);
  });
});
