import { describe, expect, it } from "vitest";
import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import { streamText, jsonSchema, tool } from "ai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createScriptedModel } from "./scripted-model";
import { createDemoState } from "@/demo/mcp/state";
import { tripTools } from "@/demo/mcp/tools/trip-tools";
import { bookingTools } from "@/demo/mcp/tools/booking-tools";
import { hitlTools } from "@/demo/mcp/tools/hitl-tools";
import { mediaTools } from "@/demo/mcp/tools/media-tools";
import { opsTools } from "@/demo/mcp/tools/ops-tools";
import { rebookTools } from "@/demo/mcp/tools/rebook-tools";
import { validateArguments } from "@/demo/mcp/validate";
import type { DemoTool, ToolContext } from "@/demo/mcp/types";

/**
 * The scripted model against the demo MCP server's real tool definitions: the arguments it
 * writes pass the demo server's own validation (ajv, as before every handler), and the demo
 * handlers' results drive the next steps.
 */

const TODAY = new Date("2026-11-24T10:00:00Z");
const state = createDemoState();
const demoTools: DemoTool[] = [
  ...tripTools(state),
  ...bookingTools(state),
  ...hitlTools(state),
  ...mediaTools(state),
  ...opsTools,
  ...rebookTools(),
];
const declarations: LanguageModelV3FunctionTool[] = demoTools.map((t) => ({
  type: "function",
  name: t.definition.name,
  ...(t.definition.description ? { description: t.definition.description } : {}),
  inputSchema: t.definition.inputSchema as JSONSchema7,
}));
const byName = new Map(demoTools.map((t) => [t.definition.name, t]));

function model(): LanguageModelV3 {
  return createScriptedModel({ delayMs: 0, now: () => TODAY });
}

interface StepOut {
  parts: LanguageModelV3StreamPart[];
  text: string;
  calls: { toolCallId: string; toolName: string; input: string }[];
}

async function step(m: LanguageModelV3, prompt: LanguageModelV3Message[], tools = declarations): Promise<StepOut> {
  const { stream } = await m.doStream({ prompt, tools });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  const text = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("");
  const calls = parts.flatMap((p) => (p.type === "tool-call" ? [{ toolCallId: p.toolCallId, toolName: p.toolName, input: p.input }] : []));
  return { parts, text, calls };
}

const user = (text: string): LanguageModelV3Message => ({ role: "user", content: [{ type: "text", text }] });

function assistant(out: StepOut): LanguageModelV3Message {
  return {
    role: "assistant",
    content: [
      ...(out.text ? [{ type: "text" as const, text: out.text }] : []),
      ...out.calls.map((c) => ({
        type: "tool-call" as const,
        toolCallId: c.toolCallId,
        toolName: c.toolName,
        input: JSON.parse(c.input) as unknown,
      })),
    ],
  };
}

const noContext = { signal: new AbortController().signal } as unknown as ToolContext;

/** Runs the demo tool as the demo server would: validate, then the handler; the output as Loupe's loop words it. */
async function runDemo(call: StepOut["calls"][number]): Promise<LanguageModelV3ToolResultOutput> {
  const demo = byName.get(call.toolName)!;
  const args = validateArguments(demo.definition, JSON.parse(call.input) as Record<string, unknown>);
  const result = (await demo.handler(args, noContext)) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  return result.isError ? { type: "error-text", value: text } : { type: "text", value: text };
}

function toolMessage(calls: StepOut["calls"], outputs: LanguageModelV3ToolResultOutput[]): LanguageModelV3Message {
  return {
    role: "tool",
    content: calls.map((c, i) => ({ type: "tool-result", toolCallId: c.toolCallId, toolName: c.toolName, output: outputs[i]! })),
  };
}

describe("scripted model", () => {
  it("weather then a hotel: reads first, then the write, then answers from both results", async () => {
    const m = model();
    const prompt: LanguageModelV3Message[] = [user("What's the weather in Lisbon? And book me a hotel there.")];

    const first = await step(m, prompt);
    expect(first.calls.map((c) => c.toolName)).toEqual(["get-forecast"]);
    expect(JSON.parse(first.calls[0]!.input)).toEqual({ city: "Lisbon" });
    expect(first.text).toMatch(/get-forecast \(city: Lisbon\)/);
    const finish = first.parts.find((p) => p.type === "finish");
    expect(finish).toMatchObject({ finishReason: { unified: "tool-calls" } });

    prompt.push(assistant(first), toolMessage(first.calls, await Promise.all(first.calls.map(runDemo))));
    const second = await step(m, prompt);
    expect(second.calls.map((c) => c.toolName)).toEqual(["book-hotel"]);
    const hotelArgs = JSON.parse(second.calls[0]!.input) as Record<string, unknown>;
    expect(hotelArgs).toMatchObject({ hotelId: "hotel-lisbon-alfama", checkIn: "2026-12-01", contactEmail: "traveler@example.com" });
    expect(hotelArgs.payment).toEqual({ method: "card", cardNumber: "4242424242424242", expiry: "12/30", holder: "Alex Morgan" });
    expect(() => validateArguments(byName.get("book-hotel")!.definition, hotelArgs)).not.toThrow();

    const hotelOutput = await runDemo(second.calls[0]!);
    expect(hotelOutput.type).toBe("text");
    prompt.push(assistant(second), toolMessage(second.calls, [hotelOutput]));
    const third = await step(m, prompt);
    expect(third.calls).toEqual([]);
    expect(third.text).toMatch(/get-forecast \(city: Lisbon\) returned: \{"city":"Lisbon"/);
    expect(third.text).toMatch(/book-hotel \(hotelId: hotel-lisbon-alfama.*\) returned: .*BK-\d+/);
    expect(third.parts.find((p) => p.type === "finish")).toMatchObject({ finishReason: { unified: "stop", raw: "stop" } });
  });

  it("quotes the reason of a rejected call", async () => {
    const m = model();
    const prompt: LanguageModelV3Message[] = [user("Book me a hotel in Madrid for 3 nights")];
    const first = await step(m, prompt);
    expect(first.calls.map((c) => c.toolName)).toEqual(["book-hotel"]);
    expect(JSON.parse(first.calls[0]!.input)).toMatchObject({ hotelId: "hotel-madrid-centro", nights: 3 });
    expect(first.text).toMatch(/may wait for your approval/);
    // Loupe's loop words a rejection "rejected: <reason>"; the SDK's own shape is execution-denied.
    prompt.push(assistant(first), toolMessage(first.calls, [{ type: "error-text", value: "rejected: Too expensive, pick Paris instead" }]));
    const answer = await step(m, prompt);
    expect(answer.calls).toEqual([]);
    expect(answer.text).toContain(
      'book-hotel (hotelId: hotel-madrid-centro, checkIn: 2026-12-01, nights: 3, …) was rejected: "Too expensive, pick Paris instead"',
    );
    expect(answer.text).toMatch(/did not go ahead/);

    const denied = [...prompt.slice(0, 2), toolMessage(first.calls, [{ type: "execution-denied", reason: "Not today" }])];
    expect((await step(m, denied)).text).toContain('was rejected: "Not today"');
  });

  it("fills arguments from the schema: enums in message order, numbers by their word, $ref, patterns from the description", async () => {
    const m = model();
    const convert = await step(m, [user("Convert 250 GBP to JPY please")]);
    expect(convert.calls.map((c) => [c.toolName, JSON.parse(c.input)])).toEqual([
      ["convert-currency", { amount: 250, from: "GBP", to: "JPY" }],
    ]);

    const forecast = await step(m, [user("weather in porto for 5 days, imperial")]);
    expect(JSON.parse(forecast.calls[0]!.input)).toEqual({ city: "Porto", days: 5, units: "imperial" });

    const lookup = await step(m, [user("Look up booking BK-100001")]);
    expect(lookup.calls.map((c) => [c.toolName, JSON.parse(c.input)])).toEqual([["lookup-booking", { bookingId: "BK-100001" }]]);

    const trip = await step(m, [user("Plan a trip from Lisbon to Paris on 2027-03-02")]);
    expect(trip.calls.map((c) => c.toolName)).toEqual(["plan-trip"]);
    const tripArgs = JSON.parse(trip.calls[0]!.input) as { legs: { from: string; to: string; date: string }[] };
    expect(tripArgs.legs).toEqual([{ from: "LIS", to: "CDG", date: "2027-03-02" }]);
    expect(() => validateArguments(byName.get("plan-trip")!.definition, tripArgs as unknown as Record<string, unknown>)).not.toThrow();
  });

  it("picks the tools the message names best: full name matches over partial ones", async () => {
    const m = model();
    const names = async (text: string) => (await step(m, [user(text)])).calls.map((c) => c.toolName);
    expect(await names("export the itinerary for TR-2001")).toEqual(["export-itinerary"]);
    expect(await names("draw the route map for my trip")).toEqual(["render-route-map"]);
    expect(await names("Cancel booking BK-100001, my plans changed")).toEqual(["lookup-booking"]);
    expect(await names("what's the exchange rate for 50 pounds in yen")).toEqual(["convert-currency"]);
  });

  it("calls two read-only tools in one step", async () => {
    const out = await step(model(), [user("Weather in Madrid, and convert 100 EUR to USD")]);
    expect(out.calls.map((c) => [c.toolName, JSON.parse(c.input)])).toEqual([
      ["get-forecast", { city: "Madrid" }],
      ["convert-currency", { amount: 100, from: "EUR", to: "USD" }],
    ]);
    expect(new Set(out.calls.map((c) => c.toolCallId)).size).toBe(2);
  });

  it("/call calls exactly the tool named, with the argument text as written (even malformed), then answers", async () => {
    const m = model();
    const out = await step(m, [user('/call convert-currency {"amount": 5, "from": "USD"}\n/call get-forecast {"city": "Rome"')]);
    expect(out.calls.map((c) => [c.toolName, c.input])).toEqual([
      ["convert-currency", '{"amount": 5, "from": "USD"}'],
      ["get-forecast", '{"city": "Rome"'],
    ]);
    // A namespaced declaration is found by its bare name; an unknown tool is still called (the loop reports it).
    const namespaced = declarations.map((d) => ({ ...d, name: `demo__${d.name}` }));
    const ns = await step(m, [user("/call get-forecast")], namespaced);
    expect(ns.calls.map((c) => [c.toolName, c.input])).toEqual([["demo__get-forecast", "{}"]]);
    expect((await step(m, [user("/call no-such-tool {}")])).calls.map((c) => c.toolName)).toEqual(["no-such-tool"]);

    const first = out.calls[0]!;
    const after = await step(m, [
      user('/call convert-currency {"amount": 5, "from": "USD"}'),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: first.toolCallId, toolName: first.toolName, input: { amount: 5, from: "USD" } }],
      },
      toolMessage([first], [{ type: "text", value: '{"converted": 4.63}' }]),
    ]);
    expect(after.calls).toEqual([]);
    expect(after.text).toContain('convert-currency (amount: 5, from: USD) returned: {"converted": 4.63}');
  });

  it("says which tools it has when none matches, and that it has none when given none", async () => {
    const m = model();
    const none = await step(m, [user("Tell me a joke")]);
    expect(none.calls).toEqual([]);
    expect(none.text).toMatch(/No tool of mine matches your message\. I have \d+ tools: plan-trip, .*get-forecast.*book-hotel/);
    expect(none.parts.find((p) => p.type === "finish")).toMatchObject({ finishReason: { unified: "stop" } });

    const bare = await step(m, [user("What's the weather in Lisbon?")], []);
    expect(bare.calls).toEqual([]);
    expect(bare.text).toMatch(/I have no tools in this conversation/);
  });

  it("streams text in several deltas and arguments in pieces, reports word-count usage", async () => {
    const out = await step(model(), [{ role: "system", content: "Be brief." }, user("Weather in Lisbon")]);
    const deltas = out.parts.filter((p) => p.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(2);
    const inputDeltas = out.parts.filter((p) => p.type === "tool-input-delta").map((p) => (p as { delta: string }).delta);
    expect(inputDeltas.length).toBe(2);
    expect(inputDeltas.join("")).toBe(out.calls[0]!.input);
    const finish = out.parts.find((p) => p.type === "finish") as Extract<LanguageModelV3StreamPart, { type: "finish" }>;
    const outputWords = (`${out.text} get-forecast ${out.calls[0]!.input}`.match(/[\p{L}\p{N}]+/gu) ?? []).length;
    expect(finish.usage.outputTokens.total).toBe(outputWords);
    expect(finish.usage.inputTokens.total).toBeGreaterThan(3 + declarations.length);
    expect(finish.usage.raw).toMatchObject({ counting: "words" });
  });

  it("doGenerate decides the same, and the ai SDK's streamText runs it as a model", async () => {
    const m = model();
    const generated = await m.doGenerate({ prompt: [user("Weather in Lisbon")], tools: declarations });
    expect(generated.content.filter((c) => c.type === "tool-call").map((c) => (c as { toolName: string }).toolName)).toEqual([
      "get-forecast",
    ]);
    expect(generated.finishReason.unified).toBe("tool-calls");

    const result = streamText({
      model: m,
      prompt: "What's the weather in Lisbon?",
      tools: {
        "get-forecast": tool({
          description: "Weather forecast for a city.",
          inputSchema: jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
        }),
      },
    });
    expect((await result.toolCalls).map((c) => [c.toolName, c.input])).toEqual([["get-forecast", { city: "Lisbon" }]]);
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it("a tool's providerOptions.loupe.readOnlyHint overrides its name's verb", async () => {
    const tools: LanguageModelV3FunctionTool[] = [
      {
        type: "function",
        name: "get-forecast",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
        providerOptions: { loupe: { readOnlyHint: false } },
      },
      { type: "function", name: "book-hotel", inputSchema: { type: "object" }, providerOptions: { loupe: { readOnlyHint: true } } },
    ];
    const out = await step(model(), [user("weather in Lisbon and book a hotel")], tools);
    expect(out.calls.map((c) => c.toolName)).toEqual(["book-hotel"]);
  });

  it("stops streaming when aborted", async () => {
    const controller = new AbortController();
    const { stream } = await createScriptedModel({ delayMs: 5 }).doStream({
      prompt: [user("Tell me a joke")],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return "ended";
      })(),
    ).rejects.toThrow();
  });
});
