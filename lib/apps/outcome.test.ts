import { describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import { outcomeOf } from "@/lib/apps/outcome";

const call = (patch: Partial<CallRecord>): CallRecord => ({
  id: "c",
  connectionId: "x",
  tool: "t",
  args: {},
  requestId: 1,
  startedAt: 0,
  endedAt: 1,
  timeoutMs: 1000,
  status: "ok",
  ...patch,
});

describe("outcomeOf", () => {
  it("has none while running", () => {
    expect(outcomeOf(null)).toBeNull();
    expect(outcomeOf(call({ status: "running", endedAt: null }))).toBeNull();
  });
  it("gives the result of a finished tool, an isError one too", () => {
    expect(outcomeOf(call({ result: { content: [{ type: "text", text: "hi" }] } }))).toEqual({
      kind: "result",
      result: { content: [{ type: "text", text: "hi" }] },
    });
    expect(outcomeOf(call({ status: "tool_error", result: { content: [], isError: true } }))).toMatchObject({
      kind: "result",
      result: { isError: true },
    });
  });
  it("cancels with a reason when there is no result", () => {
    expect(outcomeOf(call({ status: "cancelled" }))).toEqual({ kind: "cancelled", reason: "Cancelled by the user" });
    expect(outcomeOf(call({ status: "timeout", error: { code: "timeout:mcp", message: "No result within 100 ms" } }))).toEqual({
      kind: "cancelled",
      reason: "The call timed out: No result within 100 ms",
    });
  });
});
