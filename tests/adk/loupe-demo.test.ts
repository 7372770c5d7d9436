import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { AdkTestClient, callsOf, findCall, findResponse, responsesOf, text, textOf } from "./adk-client";

let server: AgentServer;
let adk: AdkTestClient;

beforeAll(async () => {
  server = await startAgentServer({ port: 0, env: SCRIPTED_ONLY });
  adk = new AdkTestClient(server.url, "loupe_demo");
});
afterAll(async () => {
  await server?.stop();
});

describe("loupe_demo on a real adk api_server", () => {
  it("lists the three demo apps and creates a session", async () => {
    const apps = (await (await fetch(`${server.url}/list-apps`)).json()) as string[];
    expect(apps.sort()).toEqual(["compaction_demo", "loupe_demo", "workflow_demo"]);
    const session = await adk.createSession("s_list", { plain: 1 });
    expect(session).toMatchObject({ id: "s_list", state: { plain: 1 } });
  });

  it("weather: call paired with its response by id, state and artifact deltas, thought, usage", async () => {
    await adk.createSession("s_weather");
    const { events, errors } = await adk.run("s_weather", text("weather in Paris"));
    expect(errors).toEqual([]);
    expect(events).toHaveLength(3);
    const { event: callEvent, call } = findCall(events, "get_weather");
    expect(call.args).toEqual({ city: "Paris" });
    expect(call.id).toMatch(/^adk-/);
    expect(callEvent).toMatchObject({ author: "loupe_demo", modelVersion: "scripted-1" });
    expect(callEvent.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    const { event: resEvent, response } = findResponse(events, call.id);
    expect(response.response).toEqual({ city: "Paris", forecast: "sunny", temperatureC: 21, artifactVersion: 0 });
    expect(resEvent.actions.stateDelta).toEqual({ last_city: "Paris", "user:lookups": 1, "app:demo_version": 1 });
    expect(resEvent.actions.artifactDelta).toEqual({ "weather_report.txt": 0 });
    const final = events[2]!;
    expect(final.content?.parts?.[0]).toMatchObject({ thought: true });
    expect(textOf(final)).toBe("It is sunny in Paris, 21 °C. I saved the report as weather_report.txt (version 0).");
    const report = await adk.artifact("s_weather", "weather_report.txt");
    expect(Buffer.from(report.inlineData?.data ?? "", "base64").toString()).toBe("Weather report for Paris: sunny, 21 °C.\n");
  });

  it("is deterministic: the same turn in a fresh session gives the same texts and token counts", async () => {
    await adk.createSession("s_det1");
    await adk.createSession("s_det2");
    const a = await adk.run("s_det1", text("weather in Tokyo"));
    const b = await adk.run("s_det2", text("weather in Tokyo"));
    const shape = (r: typeof a) => r.events.map((e) => [textOf(e), e.usageMetadata?.totalTokenCount]);
    expect(shape(a)).toEqual(shape(b));
    expect(textOf(a.events[2]!)).toContain("light rain in Tokyo, 17 °C");
  });

  it("parallel: two calls in one model turn, both answered in one merged response event", async () => {
    await adk.createSession("s_par");
    const { events } = await adk.run("s_par", text("parallel"));
    const calls = callsOf(events[0]!);
    expect(calls.map((c) => c.args)).toEqual([{ city: "Paris" }, { city: "Tokyo" }]);
    const responses = responsesOf(events[1]!);
    expect(responses.map((r) => r.id).sort()).toEqual(calls.map((c) => c.id).sort());
    expect(textOf(events[2]!)).toBe("Both answers arrived. Paris: sunny, 21 °C; Tokyo: light rain, 17 °C.");
  });

  it("chart: saves a JSON and a PNG artifact made in code", async () => {
    await adk.createSession("s_chart");
    const { events } = await adk.run("s_chart", text("chart for London"));
    const { call } = findCall(events, "make_chart");
    const { event } = findResponse(events, call.id);
    expect(event.actions.artifactDelta).toEqual({ "forecast.json": 0, "chart.png": 0 });
    const json = await adk.artifact("s_chart", "forecast.json");
    expect(json.inlineData?.mimeType).toBe("application/json");
    const parsed = JSON.parse(Buffer.from(json.inlineData?.data ?? "", "base64").toString()) as { city: string; days: unknown[] };
    expect(parsed).toMatchObject({ city: "London", unit: "C" });
    expect(parsed.days).toHaveLength(5);
    const png = await adk.artifact("s_chart", "chart.png");
    expect(png.inlineData?.mimeType).toBe("image/png");
    expect(Buffer.from(png.inlineData?.data ?? "", "base64").subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it("fail: a throwing tool becomes an error response and the model reports it", async () => {
    await adk.createSession("s_fail");
    const { events, errors } = await adk.run("s_fail", text("fail"));
    expect(errors).toEqual([]);
    const { call } = findCall(events, "flaky_service");
    const { response } = findResponse(events, call.id);
    expect(String(response.response?.error)).toContain("service 'billing' is unavailable (demo failure)");
    expect(textOf(events[events.length - 1]!)).toContain("The tool failed:");
  });

  it("model error: the model's error becomes an event with errorCode", async () => {
    await adk.createSession("s_merr");
    const { events } = await adk.run("s_merr", text("model error"));
    expect(events.some((e) => e.errorCode === "SCRIPTED_ERROR")).toBe(true);
  });

  it("streaming: partial text chunks (not persisted) then the final event", async () => {
    await adk.createSession("s_stream");
    const { events } = await adk.run("s_stream", text("weather in Paris"), true);
    const firstFinal = events.findIndex((e) => !e.partial);
    const partials = events.slice(0, firstFinal);
    expect(partials.map(textOf)).toEqual(["Checking ", "the ", "weather ", "first."]);
    expect(new Set(partials.map((e) => e.id)).size).toBe(partials.length);
    expect(textOf(events[firstFinal]!)).toBe("Checking the weather first.");
    const thoughtPartial = events.find((e) => e.partial && e.content?.parts?.[0]?.thought);
    expect(thoughtPartial).toBeDefined();
    const stored = await adk.getSession("s_stream");
    expect(stored.events.some((e) => e.partial)).toBe(false);
    expect(stored.events.filter((e) => e.author === "loupe_demo")).toHaveLength(3);
  });
});
