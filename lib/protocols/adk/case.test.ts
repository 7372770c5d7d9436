import { describe, expect, it } from "vitest";
import { adkCaseTurns } from "./case";
import { sessionFixture } from "./test-fixtures";

describe("adkCaseTurns on the captured ADK JS session (26_get_session_full.json)", () => {
  const turns = adkCaseTurns(sessionFixture("26_get_session_full.json").events);

  it("splits the session at each user message and keeps each turn's input and final response", () => {
    expect(turns.map((t) => [t.label, t.finalResponse])).toEqual([
      ["user: run the full scenario", "Helper agent here: transfer worked."],
      ["user: hello again", "Helper agent here: transfer worked."],
    ]);
  });

  it("keeps a confirmation, a long-running result and a credential with the answers given, in order", () => {
    expect(turns[0]?.pauses.map(({ kind, key, answer }) => ({ kind, key, answer }))).toEqual([
      { kind: "confirmation", key: "delete_file", answer: { kind: "confirmation", confirmed: true } },
      {
        kind: "long_running",
        key: "start_job",
        answer: { kind: "long_running", response: { status: "done", ticket: "T-42", rows: 1234 } },
      },
      { kind: "credential", key: "demo_api_key", answer: { kind: "credential", apiKey: "sk-demo-123" } },
    ]);
    expect(turns[1]?.pauses).toEqual([]);
  });

  it("the trajectory is the agent's tool calls, not ADK's own pause calls", () => {
    expect(turns[0]?.toolCalls.map((c) => c.name)).toEqual([
      "get_weather",
      "delete_file",
      "start_job",
      "call_secure_api",
      "transfer_to_agent",
    ]);
    expect(turns[0]?.toolCalls[1]).toEqual({ name: "delete_file", args: { path: "/tmp/old.log" } });
  });
});
