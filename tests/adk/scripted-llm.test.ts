import { inflateSync } from "node:zlib";
import type { LlmRequest, LlmResponse } from "@google/adk";
import type { Content } from "@google/genai";
import { describe, expect, it } from "vitest";
import { bulkEventFields } from "@/demo/adk/bulk-agent";
import { viewConversation } from "@/demo/adk/conversation";
import { HELP_TEXT, bulkCount, loupeScript } from "@/demo/adk/loupe-script";
import { barChartPng } from "@/demo/adk/png";
import { ScriptedLlm, chunkText } from "@/demo/adk/scripted-llm";

const user = (text: string): Content => ({ role: "user", parts: [{ text }] });
const result = (name: string, response: Record<string, unknown>): Content => ({
  role: "user",
  parts: [{ functionResponse: { name, response } }],
});
const modelCall = (name: string): Content => ({ role: "model", parts: [{ functionCall: { name, args: {} } }] });
const request = (contents: Content[]): LlmRequest => ({ contents, toolsDict: {}, liveConnectConfig: {} });

async function collect(gen: AsyncGenerator<LlmResponse, void>): Promise<LlmResponse[]> {
  const out: LlmResponse[] = [];
  for await (const r of gen) out.push(r);
  return out;
}

describe("viewConversation", () => {
  it("takes the latest typed text, skipping other agents' 'For context:' turns", () => {
    const v = viewConversation([
      user("full"),
      modelCall("get_weather"),
      result("get_weather", { city: "Paris" }),
      { role: "user", parts: [{ text: "For context:" }, { text: "[helper_agent] said: hi" }] },
    ]);
    expect(v.userText).toBe("full");
    expect(v.results).toEqual([{ name: "get_weather", response: { city: "Paris" } }]);
    expect(v.calledSince).toEqual(["get_weather"]);
    expect(v.latest).toEqual([]);
    expect(viewConversation([user("a"), modelCall("x"), result("x", { ok: 1 })]).latest).toEqual([{ name: "x", response: { ok: 1 } }]);
  });
});

describe("ScriptedLlm", () => {
  const llm = new ScriptedLlm(loupeScript);

  it("streams word chunks as partials, then the whole reply with usage and model version", async () => {
    const out = await collect(llm.generateContentAsync(request([user("weather in Paris")]), true));
    expect(out.filter((r) => r.partial).map((r) => r.content?.parts?.[0]?.text)).toEqual(["Checking ", "the ", "weather ", "first."]);
    const final = out[out.length - 1]!;
    expect(final.partial).toBeUndefined();
    expect(final.content?.parts).toEqual([
      { text: "Checking the weather first." },
      { functionCall: { name: "get_weather", args: { city: "Paris" } } },
    ]);
    expect(final).toMatchObject({ modelVersion: "scripted-1", turnComplete: true, finishReason: "STOP" });
    expect(final.usageMetadata).toEqual({ promptTokenCount: 4, candidatesTokenCount: 26, totalTokenCount: 30 });
  });

  it("answers without streaming in one response, identical on every call", async () => {
    const req = request([
      user("weather in Paris"),
      modelCall("get_weather"),
      result("get_weather", { city: "Paris", forecast: "sunny", temperatureC: 21, artifactVersion: 0 }),
    ]);
    const a = await collect(llm.generateContentAsync(req, false));
    const b = await collect(llm.generateContentAsync(req, false));
    expect(a).toHaveLength(1);
    expect(a).toEqual(b);
    expect(a[0]?.content?.parts?.[0]).toMatchObject({ thought: true });
  });

  it("turns a scripted failure into errorCode/errorMessage", async () => {
    const [r] = await collect(llm.generateContentAsync(request([user("model error")])));
    expect(r).toMatchObject({ errorCode: "SCRIPTED_ERROR" });
    expect(r?.content).toBeUndefined();
  });
});

describe("loupeScript", () => {
  const step = (contents: Content[]) => loupeScript(viewConversation(contents));

  it("walks the full chain by the latest tool result", () => {
    const c: Content[] = [user("full")];
    expect(step(c).calls?.[0]?.name).toBe("get_weather");
    c.push(modelCall("get_weather"), result("get_weather", {}));
    expect(step(c).calls?.[0]?.name).toBe("delete_file");
    c.push(modelCall("delete_file"), result("delete_file", { deleted: "/tmp/x" }));
    expect(step(c)).toMatchObject({ text: "Deleted /tmp/x. Starting a long-running job.", calls: [{ name: "start_job" }] });
    c.push(modelCall("start_job"), result("start_job", { status: "done" }));
    expect(step(c).calls?.[0]?.name).toBe("call_secure_api");
    c.push(modelCall("call_secure_api"), result("call_secure_api", { pending_auth: true }));
    expect(step(c)).toEqual({ text: "Waiting for an API key." });
    c.push(result("call_secure_api", { data: "secret data" }));
    expect(step(c).calls).toEqual([{ name: "transfer_to_agent", args: { agentName: "helper_agent" } }]);
  });

  it("falls back to the keyword list and parses cities and bulk counts", () => {
    expect(step([user("hello")])).toEqual({ text: HELP_TEXT });
    expect(step([user("what's the weather in new york?")]).calls).toEqual([{ name: "get_weather", args: { city: "New York" } }]);
    expect([bulkCount("bulk 250"), bulkCount("bulk"), bulkCount("bulk 999999")]).toEqual([250, 10_000, 50_000]);
    expect(chunkText("a  b c")).toEqual(["a  ", "b ", "c"]);
  });
});

describe("bulk events and the PNG", () => {
  it("bulk: N events, every call answered, ending on a text", () => {
    for (const n of [1, 2, 3, 4, 5, 7, 100]) {
      const fields = Array.from({ length: n }, (_, k) => bulkEventFields(k, n, "bulk_agent"));
      const parts = fields.flatMap((f) => f?.content?.parts ?? []);
      const calls = parts.filter((p) => p.functionCall).map((p) => p.functionCall?.id);
      const responses = parts.filter((p) => p.functionResponse).map((p) => p.functionResponse?.id);
      expect(fields).toHaveLength(n);
      expect(responses).toEqual(calls);
      expect(fields[n - 1]?.content?.parts?.[0]?.text).toBe(`Bulk done: ${n} events.`);
    }
  });

  it("encodes a decodable RGB PNG of the requested size", () => {
    const png = barChartPng([10, 20, 30], 60, 40);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([60, 40, 8, 2]);
    const idatLen = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT");
    expect(inflateSync(png.subarray(41, 41 + idatLen)).length).toBe((60 * 3 + 1) * 40);
  });
});
