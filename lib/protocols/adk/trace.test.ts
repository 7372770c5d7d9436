import { describe, expect, it } from "vitest";
import fixture from "@/tests/fixtures/adk-trace/weather-paris.json";
import {
  buildTraceTree,
  formatDuration,
  jsonAttr,
  matchSpanEvent,
  modelCallFromSpans,
  parseModelCall,
  spanKind,
} from "@/lib/protocols/adk/trace";
import type { RawSpan } from "@/lib/protocols/adk/trace";

const spans = fixture.sessionTrace as unknown as RawSpan[];
const [callEvent, responseEvent, finalEvent] = fixture.events;
const eventAttrs = (id: string) => (fixture.eventTrace as Record<string, { status: number; body: Record<string, unknown> }>)[id]!;

describe("parseModelCall on a captured ADK JS trace", () => {
  it("reads the system instruction, contents, tool declarations, config and response of the first model call", () => {
    const call = parseModelCall(eventAttrs(callEvent!.id).body)!;
    expect(call.model).toBe("scripted-1");
    expect(call.agentName).toBe("loupe_demo");
    expect(call.systemInstruction).toContain("You are loupe_demo, a demo agent");
    expect(call.contents).toEqual([{ role: "user", parts: [{ text: "weather in Paris" }] }]);
    const weather = call.tools.find((t) => t.name === "get_weather");
    expect(weather?.description).toMatch(/^Returns today's forecast/);
    expect(weather?.parameters).toMatchObject({ type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"] });
    expect(call.tools.map((t) => t.name)).toContain("transfer_to_agent");
    expect(call.generationConfig).toEqual({ labels: { adk_agent_name: "loupe_demo" } });
    expect(call.response?.content?.parts).toEqual([
      { text: "Checking the weather first." },
      { functionCall: { name: "get_weather", args: { city: "Paris" } } },
    ]);
    expect(call.response?.finishReason).toBe("STOP");
    expect(call.response?.usage).toMatchObject({ prompt: 4, candidates: 26, total: 30 });
    expect(call.tokens).toEqual({ input: 4, output: 26 });
    // Attributes not read are kept raw.
    expect(call.otherAttributes["gcp.vertex.agent.session_id"]).toBe("s_trace");
    expect(call.otherAttributes.span_id).toBeTypeOf("string");
  });

  it("the second call was sent the tool response in its contents", () => {
    const call = parseModelCall(eventAttrs(finalEvent!.id).body)!;
    expect(call.contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
    expect(call.contents[2]!.parts[0]).toMatchObject({ functionResponse: { name: "get_weather", response: { forecast: "sunny" } } });
  });

  it("finds the same model call in the session's spans (what a bundle holds) as the event endpoint gave", () => {
    expect(modelCallFromSpans(spans, finalEvent!.id)?.contents).toEqual(parseModelCall(eventAttrs(finalEvent!.id).body)?.contents);
    expect(modelCallFromSpans(spans, responseEvent!.id)).toBeNull();
  });

  it("a tool span (empty llm_request) is no model call; a function response event has no span", () => {
    const tool = spans.find((s) => s.name === "execute_tool get_weather")!;
    expect(parseModelCall(tool.attributes)).toBeNull();
    expect(eventAttrs(responseEvent!.id).status).toBe(404);
    expect(jsonAttr("{}")).toBeUndefined();
    expect(jsonAttr("not json")).toBe("not json");
  });

  it("reads Python's snake_case request and a Content system instruction", () => {
    const call = parseModelCall({
      "gcp.vertex.agent.llm_request": JSON.stringify({
        model: "gemini-2.5-flash",
        config: {
          system_instruction: { parts: [{ text: "Be brief." }] },
          temperature: 0.2,
          tools: [{ function_declarations: [{ name: "f", parameters_json_schema: { type: "object" } }] }],
        },
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
      }),
      "custom.attr": 7,
    })!;
    expect(call.systemInstruction).toBe("Be brief.");
    expect(call.tools).toEqual([{ name: "f", parameters: { type: "object" } }]);
    expect(call.generationConfig).toEqual({ temperature: 0.2 });
    expect(call.response).toBeUndefined();
    expect(call.otherAttributes).toEqual({ "custom.attr": 7 });
  });
});

describe("buildTraceTree", () => {
  it("nests the captured spans under one invocation, in start order, with ms offsets", () => {
    const [inv, ...rest] = buildTraceTree(spans);
    expect(rest).toEqual([]);
    expect(inv!.invocationId).toMatch(/^e-/);
    expect(inv!.rows.map((r) => [r.depth, r.name, r.kind])).toEqual([
      [0, "invocation", "invocation"],
      [1, "invoke_agent loupe_demo", "agent"],
      [2, "call_llm", "llm"],
      [3, "execute_tool get_weather", "tool"],
      [2, "call_llm", "llm"],
    ]);
    expect(inv!.rows[0]!.offsetMs).toBe(0);
    for (const row of inv!.rows) {
      expect(row.offsetMs).toBeGreaterThanOrEqual(0);
      expect(row.offsetMs + row.durationMs).toBeLessThanOrEqual(inv!.durationMs + 0.001);
    }
    expect(inv!.durationMs).toBeGreaterThan(0);
    expect(inv!.durationMs).toBeLessThan(10_000);
  });

  it("splits roots into invocations and keeps orphans as their own roots", () => {
    const mk = (id: string, parent: string | null, start: number, end: number): RawSpan => ({
      name: id,
      span_id: id,
      parent_span_id: parent,
      start_time: start * 1e6,
      end_time: end * 1e6,
      attributes: {},
    });
    const trees = buildTraceTree([mk("b", null, 100, 150), mk("a", null, 0, 40), mk("a1", "a", 10, 60), mk("o", "gone", 200, 210)]);
    expect(trees.map((t) => t.rootSpanId)).toEqual(["a", "b", "o"]);
    expect(trees[0]!.durationMs).toBe(60);
    expect(trees[0]!.rows[1]).toMatchObject({ spanId: "a1", depth: 1, offsetMs: 10, durationMs: 50 });
  });

  it("matches an LLM span by event id and a tool span by its call id", () => {
    const events = fixture.events.map((e) => ({
      id: e.id,
      responseIds: (e.content?.parts ?? []).flatMap((p) =>
        "functionResponse" in p && p.functionResponse?.id ? [p.functionResponse.id] : [],
      ),
    }));
    const rows = buildTraceTree(spans)[0]!.rows;
    expect(matchSpanEvent(rows[2]!, events)).toBe(callEvent!.id);
    // The tool span's own event id is not the stored response event's (JS 2.0); its call id is.
    expect(rows[3]!.eventId).not.toBe(responseEvent!.id);
    expect(matchSpanEvent(rows[3]!, events)).toBe(responseEvent!.id);
    expect(matchSpanEvent(rows[0]!, events)).toBeUndefined();
  });

  it("kinds and durations read", () => {
    expect(spanKind({ name: "generate_content gemini", attributes: {} })).toBe("llm");
    expect(spanKind({ name: "x", attributes: { "gen_ai.operation.name": "execute_tool" } })).toBe("tool");
    expect(spanKind({ name: "x", attributes: {} })).toBe("other");
    expect([formatDuration(0.25), formatDuration(12.4), formatDuration(1400)]).toEqual(["0.3 ms", "12 ms", "1.40 s"]);
  });
});
