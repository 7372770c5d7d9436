import { describe, expect, it } from "vitest";
import { LG_DEFAULT_STREAM_MODES } from "@/lib/contracts/langgraph";
import { emptyLgRunDraft, lgRunBodyFromDraft, messageInput, toggledMode } from "./run-draft";

describe("the run composer's body", () => {
  it("sends the message box's input to the thread with the default stream modes", () => {
    const d = { ...emptyLgRunDraft("agent"), inputText: messageInput("Hi there") };
    expect(lgRunBodyFromDraft(d, "t-1")).toEqual({
      ok: true,
      body: {
        assistantId: "agent",
        threadId: "t-1",
        input: { messages: [{ role: "human", content: "Hi there" }] },
        streamModes: LG_DEFAULT_STREAM_MODES,
        subgraphs: false,
      },
    });
  });

  it("asks for subgraphs' events only without `values` (the dev server fails a run asking for both)", () => {
    const withValues = lgRunBodyFromDraft({ ...emptyLgRunDraft("a"), streamModes: ["values", "updates"] }, "t-1");
    expect(withValues.ok && withValues.body.subgraphs).toBe(false);
    const without = lgRunBodyFromDraft({ ...emptyLgRunDraft("a"), streamModes: ["updates", "debug"] }, "t-1");
    expect(without.ok && without.body.subgraphs).toBe(true);
  });

  it("starts a new thread without a threadId; on a thread, empty input is null (go on from the checkpoint)", () => {
    const result = lgRunBodyFromDraft({ ...emptyLgRunDraft("agent"), inputText: "{}" }, null);
    expect(result.ok && result.body).toMatchObject({ assistantId: "agent", input: {} });
    expect(result.ok && "threadId" in result.body).toBe(false);
    const resume = lgRunBodyFromDraft(emptyLgRunDraft("agent"), "t-1");
    expect(resume.ok && resume.body.input).toBeNull();
  });

  it("refuses an empty input on a new thread before sending (the server would answer EmptyInputError)", () => {
    const result = lgRunBodyFromDraft({ ...emptyLgRunDraft("agent"), inputText: "  " }, null);
    expect(result).toEqual({ ok: false, error: expect.stringContaining("A new thread needs an input") });
  });

  it("sends raw JSON as typed, and refuses text that is not JSON, no assistant or no stream mode", () => {
    const raw = lgRunBodyFromDraft({ ...emptyLgRunDraft("a"), inputText: '{"topic": "x", "n": 2}' }, null);
    expect(raw.ok && raw.body.input).toEqual({ topic: "x", n: 2 });
    expect(lgRunBodyFromDraft({ ...emptyLgRunDraft("a"), inputText: "{nope" }, null)).toMatchObject({ ok: false });
    expect(lgRunBodyFromDraft(emptyLgRunDraft(""), null)).toEqual({ ok: false, error: "Pick an assistant" });
    expect(lgRunBodyFromDraft({ ...emptyLgRunDraft("a"), streamModes: [] }, null)).toMatchObject({ ok: false });
  });

  it("toggles stream modes in the contract's order", () => {
    expect(toggledMode(["values", "debug"], "updates", true)).toEqual(["values", "updates", "debug"]);
    expect(toggledMode(["values", "debug"], "values", false)).toEqual(["debug"]);
  });
});
