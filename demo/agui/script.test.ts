import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { bulkEvents, scriptRun } from "./script";
import type { Step } from "./script";

const input = (text: string, extra: Partial<RunAgentInput> = {}): RunAgentInput => ({
  threadId: "t",
  runId: "run-12345678",
  state: {},
  messages: [{ id: "u", role: "user", content: text }],
  tools: [{ name: "confirm_booking", description: "", parameters: {} }],
  context: [],
  forwardedProps: {},
  ...extra,
});
const events = (steps: Step[]) => steps.filter((s) => !("pauseMs" in s));

describe("the demo AG-UI agent's script", () => {
  it("a bulk run has exactly n events, every message, call and step closed", () => {
    for (const n of [2, 100, 10_000]) {
      const evs = bulkEvents(n, "t", "r");
      expect(evs).toHaveLength(n);
      const t = normalizeAguiRun(evs, { initialState: {} });
      expect(t.findings).toEqual([]);
      expect(t.outcome.type).toBe("success");
    }
  });

  it("does not call the front-end tool the client did not declare", () => {
    const t = normalizeAguiRun(events(scriptRun(input("book", { tools: [] }), { pending: [] })));
    expect(t.items.some((i) => i.kind === "tool_call")).toBe(false);
  });

  it("refuses a run that leaves an open interrupt unanswered (interrupt contract rules 3 and 4)", () => {
    const memory = { pending: [] };
    const first = normalizeAguiRun(events(scriptRun(input("approve twice"), memory)));
    expect(first.outcome.type).toBe("interrupt");
    const ids = first.outcome.type === "interrupt" ? first.outcome.interrupts.map((i) => i.id) : [];
    const partial = normalizeAguiRun(
      events(scriptRun(input("x", { resume: [{ interruptId: ids[0]!, status: "resolved", payload: { approved: true } }] }), memory)),
    );
    expect(partial.outcome).toMatchObject({ type: "error", code: "resume_required" });
    const none = normalizeAguiRun(events(scriptRun(input("hello"), memory)));
    expect(none.outcome).toMatchObject({ type: "error", code: "resume_required" });
    const all = normalizeAguiRun(
      events(scriptRun(input("x", { resume: ids.map((interruptId) => ({ interruptId, status: "cancelled" as const })) }), memory)),
    );
    expect(all.outcome.type).toBe("success");
    expect(memory.pending).toEqual([]);
  });
});
