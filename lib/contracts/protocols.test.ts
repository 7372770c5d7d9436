import { describe, expect, it } from "vitest";
import { BUNDLE_UNIT_LABEL, BUNDLE_UNIT_TYPES, bundleUnitRefSchema, isBundleUnitType } from "@/lib/contracts/bundle";
import { SESSION_SEARCH_KINDS } from "@/lib/contracts/protocols";

describe("the contracts registry", () => {
  it("composes every protocol's bundle unit: its type, label and ref", () => {
    expect(BUNDLE_UNIT_TYPES).toEqual([
      "adk-session",
      "mcp-traffic",
      "playground-conversation",
      "a2a-task",
      "agui-run",
      "langgraph-thread",
    ]);
    expect(BUNDLE_UNIT_LABEL).toEqual({
      "adk-session": "ADK session",
      "mcp-traffic": "MCP traffic",
      "playground-conversation": "Playground conversation",
      "a2a-task": "A2A task",
      "agui-run": "AG-UI run",
      "langgraph-thread": "LangGraph thread",
    });
    expect(bundleUnitRefSchema.parse({ type: "a2a-task", agentId: "a", taskId: "t", extra: 1 })).toEqual({
      type: "a2a-task",
      agentId: "a",
      taskId: "t",
    });
    expect(bundleUnitRefSchema.safeParse({ type: "agui-run", agentId: "a" }).success).toBe(false);
    expect(bundleUnitRefSchema.safeParse({ type: "mcp-traffic", connectionId: "c", scope: { kind: "selection", seqs: [] } }).success).toBe(
      false,
    );
    expect([isBundleUnitType("agui-run"), isBundleUnitType("nope"), isBundleUnitType(3)]).toEqual([true, false, false]);
  });

  it("lists one session-search kind per protocol", () => {
    expect(SESSION_SEARCH_KINDS).toEqual(["adk-session", "playground", "a2a-context", "agui-thread", "langgraph-thread"]);
  });
});
