import { describe, expect, it } from "vitest";
import type { Conversation } from "@/lib/contracts/playground";
import type { Entry } from "@/lib/contracts/entries";
import { compareConversations } from "./compare-model";
import { callRaw, column, FORECAST_RESULT, pgEntry, requestRaw, responseRaw, turnRaw } from "./test-entries";

function conversation(id: string, columns = [column()]): Conversation {
  return {
    id,
    title: id,
    createdAt: 0,
    updatedAt: 0,
    columns,
    systemPrompt: "",
    servers: [],
    policy: "unless_read_only",
    toolPolicies: {},
  };
}

/** One finished turn: the model calls get-forecast for `city`, then answers `answer`. */
function turn(conv: string, n: number, city: string, answer: string, col = "col-1"): Entry[] {
  const at = { connectionId: conv, sessionKey: col };
  return [
    pgEntry("pg_turn", turnRaw("running", { turn: n }), at),
    pgEntry("pg_user", { turn: n, text: `Weather in ${city}?` }, at),
    pgEntry("pg_model_request", requestRaw(n, 1), at),
    pgEntry("pg_model_response", responseRaw(n, 1, { toolCalls: [{ toolCallId: `c${n}`, name: "get-forecast", input: "{}" }] }), at),
    pgEntry(
      "pg_tool_call",
      callRaw({ turn: n, toolCallId: `c${n}`, calledAs: "get-forecast", status: "ok", arguments: { city }, result: FORECAST_RESULT }),
      at,
    ),
    pgEntry("pg_model_request", requestRaw(n, 2), at),
    pgEntry("pg_model_response", responseRaw(n, 2, { text: answer, finishReason: "stop" }), at),
    pgEntry("pg_turn", turnRaw("done", { turn: n, endedAt: 1_500 }), at),
  ];
}

describe("compareConversations", () => {
  it("pairs columns by position and turns by number; a different argument and answer are reported, the rest is the same", () => {
    const a = { conversation: conversation("A"), entries: [...turn("A", 1, "Lisbon", "Sunny."), ...turn("A", 2, "Porto", "Rain.")] };
    const b = { conversation: conversation("B"), entries: [...turn("B", 1, "Lisbon", "Sunny."), ...turn("B", 2, "Faro", "Sun.")] };
    const [col] = compareConversations(a, b);
    expect(col?.comparison.pairs.map((p) => p.status)).toEqual(["same", "different"]);
    const second = col?.comparison.pairs[1];
    // The user asked something else too (the scripted text names the city).
    expect(second?.differs).toEqual(["user", "args", "answer"]);
    expect(second?.calls[0]?.args?.changes).toEqual([{ path: ["city"], kind: "changed", before: "Porto", after: "Faro" }]);
    expect(col?.comparison.summary).toMatchObject({ units: 2, differing: 1, tokensA: 2 * 1280, tokensB: 2 * 1280, durationA: 1000 });
  });

  it("a turn only one side ran, and a column only one side has", () => {
    const a = { conversation: conversation("A"), entries: turn("A", 1, "Lisbon", "Sunny.") };
    const b = {
      conversation: conversation("B", [column(), column({ id: "col-2" })]),
      entries: [...turn("B", 1, "Lisbon", "Sunny."), ...turn("B", 2, "Lisbon", "Still sunny."), ...turn("B", 1, "Lisbon", "x", "col-2")],
    };
    const [first, second] = compareConversations(a, b);
    expect(first?.comparison.pairs.map((p) => p.status)).toEqual(["same", "only_b"]);
    expect(second?.a).toBeNull();
    expect(second?.comparison.pairs.map((p) => p.status)).toEqual(["only_b"]);
  });

  it("a step still streaming is no answer yet", () => {
    const entries = turn("A", 1, "Lisbon", "Sunny.");
    const streaming = [
      ...entries.slice(0, 5),
      pgEntry("pg_model_stream", { turn: 1, step: 2, text: "Sun" }, { connectionId: "A", sessionKey: "col-1" }),
    ];
    const [col] = compareConversations(
      { conversation: conversation("A"), entries },
      { conversation: conversation("B"), entries: streaming },
    );
    expect(col?.comparison.pairs[0]?.b?.answer).toBe("");
    expect(col?.comparison.pairs[0]?.b?.tokens).toBeNull();
    expect(col?.comparison.pairs[0]?.differs).toEqual(["answer"]);
  });
});
