import { describe, expect, it } from "vitest";
import { normalizeEvent, normalizeNodePath } from "./event";
import { eventItems } from "./items";
import { fixtureJson, fixtureNames, sessionFixture, sseEvents } from "./test-fixtures";

const sessionFiles = [
  "02_get_session_after_weather.json",
  "26_get_session_full.json",
  "53_workflow_session.json",
  "66_compaction_session.json",
];

function allCapturedEvents(): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const name of fixtureNames(".sse")) for (const ev of sseEvents(name.slice(0, 2))) out.push([name, ev]);
  for (const name of sessionFiles) for (const ev of sessionFixture(name).events) out.push([name, ev]);
  for (const ev of fixtureJson("40_run_nonstreaming_response.json") as unknown[]) out.push(["40", ev]);
  return out;
}

describe("normalizeEvent on every JS capture", () => {
  const all = allCapturedEvents();

  it("reads every event as an event with ms timestamps, no issues and no unrecognized items", () => {
    expect(all.length).toBeGreaterThan(90);
    for (const [name, raw] of all) {
      const ev = normalizeEvent(raw);
      expect({ name, shape: ev.shape, issues: ev.issues }).toEqual({ name, shape: "event", issues: [] });
      expect(ev.timestamp).toBeGreaterThan(1.7e12);
      expect(ev.raw).toBe(raw);
      expect(eventItems(ev).filter((i) => i.kind === "unrecognized")).toEqual([]);
    }
  });

  it("01: text, the get_weather call, usage; then the response with state and artifact deltas", () => {
    const [call, result] = sseEvents("01").map(normalizeEvent);
    expect(call?.timestamp).toBe(1795257092051);
    expect(call && eventItems(call)).toEqual([
      { kind: "text", text: "Checking the weather first.", partial: false, role: "model" },
      {
        kind: "tool_call",
        callId: "adk-22b981c9-b727-4516-bfbb-b5a5290a9fb3",
        name: "get_weather",
        args: { city: "Paris" },
        longRunning: false,
      },
      { kind: "usage", prompt: 14, candidates: 33, total: 47 },
    ]);
    expect(result && eventItems(result)).toEqual([
      {
        kind: "tool_result",
        callId: "adk-22b981c9-b727-4516-bfbb-b5a5290a9fb3",
        name: "get_weather",
        response: { city: "Paris", forecast: "sunny", temperatureC: 21, artifactVersion: 0 },
        isError: false,
      },
      {
        kind: "state_delta",
        delta: { last_city: "Paris", "user:lookups": 1, "app:demo_version": 1 },
        scopes: { last_city: "session", "user:lookups": "user", "app:demo_version": "app" },
      },
      { kind: "artifact", filename: "weather_report.txt", version: 0 },
    ]);
  });

  it("09: an error event", () => {
    const [ev] = sseEvents("09").map(normalizeEvent);
    expect(ev && eventItems(ev)).toEqual([
      { kind: "error", code: "UNKNOWN_ERROR", message: "Max number of llm calls limit of 500 exceeded", streamLevel: false },
    ]);
  });

  it("24: transfer_to_agent response carries a transfer item", () => {
    const items = sseEvents("24").map(normalizeEvent).flatMap(eventItems);
    expect(items).toContainEqual({ kind: "transfer", toAgent: "helper_agent" });
  });

  it("33: a rejected confirmation's tool result is an error result", () => {
    const [ev] = sseEvents("33").map(normalizeEvent);
    expect(ev && eventItems(ev)[0]).toMatchObject({ kind: "tool_result", name: "delete_file", isError: true });
  });

  it("50/52: workflow node path, checkpoint, output shown once", () => {
    const [ask, checkpoint] = sseEvents("50").map(normalizeEvent);
    expect(ask?.nodeInfo).toEqual({ path: "workflow_demo.ask_color", rawPath: "workflow_demo.ask_color" });
    expect(checkpoint && eventItems(checkpoint)).toEqual([
      { kind: "checkpoint", endOfAgent: false, agentState: { input: "start" }, nodePath: "workflow_demo" },
    ]);
    const out = sseEvents("52").map(normalizeEvent)[1];
    expect(out && eventItems(out)).toEqual([
      { kind: "workflow_output", output: { secretFetched: true, colorWas: "green" }, nodePath: "workflow_demo.fetch_secret" },
    ]);
    expect(out?.nodeInfo?.outputFor).toEqual(["workflow_demo.fetch_secret"]);
  });

  it("63: a JS CompactedEvent becomes one compaction item (no duplicate text)", () => {
    const [comp] = sseEvents("63").map(normalizeEvent);
    expect(comp && eventItems(comp)).toEqual([
      {
        kind: "compaction",
        startTime: 1795257201129,
        endTime: 1795257201141,
        summary: "SUMMARY of 3 events: the user chatted with the agent.",
      },
    ]);
    expect(comp?.compaction?.flavor).toBe("js");
  });

  it("03: partial chunks are flagged", () => {
    const [first] = sseEvents("03").map(normalizeEvent);
    expect(first?.partial).toBe(true);
    expect(first && eventItems(first)).toEqual([{ kind: "text", text: "Checking ", partial: true, role: "model" }]);
  });
});

describe("Python-shaped events", () => {
  it("float seconds, snake_case fields, actions.route, slash node paths", () => {
    const ev = normalizeEvent({
      id: "0b7c1f0e-4c4e-4a53-9a0e-6f0a3c7d9a11",
      invocation_id: "e-1",
      author: "router",
      timestamp: 1795257092.0515,
      content: { role: "model", parts: [{ text: "thinking…", thought: true }, { function_call: { id: "c1", name: "f", args: { a: 1 } } }] },
      long_running_tool_ids: ["c1"],
      usage_metadata: { prompt_token_count: 3, candidates_token_count: 4 },
      error_code: "SAFETY",
      error_message: "blocked",
      node_info: { path: "wf/A@1/B@2", output_for: ["wf/A@1"] },
      actions: {
        state_delta: { "temp:x": 1 },
        artifact_delta: { "r.txt": 2 },
        transfer_to_agent: "other",
        escalate: true,
        route: "left",
        end_of_agent: true,
      },
      output: null,
    });
    expect(ev.shape).toBe("event");
    expect(ev.timestamp).toBe(1795257092052);
    expect(ev.invocationId).toBe("e-1");
    expect(ev.nodeInfo).toEqual({ path: "wf.A.B", rawPath: "wf/A@1/B@2", outputFor: ["wf.A"] });
    expect(eventItems(ev)).toEqual([
      { kind: "thought", text: "thinking…", partial: false },
      { kind: "tool_call", callId: "c1", name: "f", args: { a: 1 }, longRunning: true },
      { kind: "interrupt", callId: "c1", interruptKind: "long_running", name: "f" },
      { kind: "state_delta", delta: { "temp:x": 1 }, scopes: { "temp:x": "temp" } },
      { kind: "artifact", filename: "r.txt", version: 2 },
      { kind: "transfer", toAgent: "other" },
      { kind: "escalate" },
      { kind: "workflow_output", output: null, nodePath: "wf.A.B" },
      { kind: "route", route: "left", nodePath: "wf.A.B" },
      { kind: "checkpoint", endOfAgent: true, nodePath: "wf.A.B" },
      { kind: "error", code: "SAFETY", message: "blocked", streamLevel: false },
      { kind: "usage", prompt: 3, candidates: 4, total: 7 },
    ]);
  });

  it("actions.compaction with seconds and a Content summary; empty nodeInfo path is absent", () => {
    const ev = normalizeEvent({
      id: "u",
      invocationId: "e-9",
      author: "user",
      timestamp: 1795257300.5,
      nodeInfo: { path: "" },
      actions: {
        stateDelta: {},
        artifactDelta: {},
        compaction: {
          startTimestamp: 1795257201.129,
          endTimestamp: 1795257201.141,
          compactedContent: { role: "model", parts: [{ text: "Summary " }, { text: "here." }] },
        },
      },
    });
    expect(ev.nodeInfo).toBeUndefined();
    expect(ev.compaction).toEqual({ flavor: "python", startTime: 1795257201129, endTime: 1795257201141, summary: "Summary here." });
    expect(eventItems(ev)).toEqual([{ kind: "compaction", startTime: 1795257201129, endTime: 1795257201141, summary: "Summary here." }]);
  });
});

describe("odd input never throws", () => {
  it.each([null, 42, "text", [], {}, { foo: 1 }, { content: "nope", actions: 5, timestamp: "soon" }])("%j", (raw) => {
    const ev = normalizeEvent(raw);
    const items = eventItems(ev);
    expect(items.length).toBeGreaterThanOrEqual(0);
    if (ev.shape === "unrecognized") expect(items[0]).toMatchObject({ kind: "unrecognized", raw });
  });

  it("unknown parts are marked unrecognized, known parts kept", () => {
    const ev = normalizeEvent({ invocationId: "e", author: "a", content: { parts: [{ text: "hi" }, { weird: 1 }, 7] } });
    expect(ev.issues).toEqual(["part 1: unknown part shape", "part 2: unknown part shape"]);
    expect(eventItems(ev).map((i) => i.kind)).toEqual(["text", "unrecognized", "unrecognized"]);
  });

  it("stream error objects normalize to an error item", () => {
    const ev = normalizeEvent({ error: "Tool confirmation rejected" });
    expect(ev.shape).toBe("stream_error");
    expect(eventItems(ev)).toEqual([{ kind: "error", message: "Tool confirmation rejected", streamLevel: true }]);
  });

  it("node paths", () => {
    expect(normalizeNodePath("wf.child")).toBe("wf.child");
    expect(normalizeNodePath("wf/A@1/B@1")).toBe("wf.A.B");
  });
});
