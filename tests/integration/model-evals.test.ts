/**
 * Model evals for MCP servers (issue 24), offline: prompts with the tool calls they should lead to,
 * put to the scripted model and to the real OpenAI client against the fake provider (scripted to
 * get one argument wrong), with the demo MCP server's tools; a third model has no key. Accuracy per
 * model and per tool, each run kept in the eval's history. A run cancelled mid-prompt ends
 * "cancelled" with the prompts that had ended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { ModelEval, ModelEvalRun } from "@/lib/contracts/testing";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { until } from "@/lib/server/adk/test-support";
import { startFakeProvider, type FakeProvider } from "@/tests/fixtures/fake-providers";
import { closeConnections, ctx, jsonPostTo as post, openAiKey, playgroundDataDir } from "@/tests/support/playground";
import { stdioInput } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as evals from "@/app/api/tests/model-evals/route";
import * as runs from "@/app/api/tests/model-evals/[evalId]/runs/route";
import * as one from "@/app/api/tests/model-evals/[evalId]/route";

const data = playgroundDataDir("loupe-model-evals-");
openAiKey("sk-evals");
delete process.env.ANTHROPIC_API_KEY;

let demo = "";
let fake: FakeProvider;
let saved: ModelEval;

const PROMPTS = [
  { prompt: "What's the weather in Lisbon?", expect: [{ tool: "get-forecast", args: { city: "Lisbon" } }] },
  { prompt: "Book me a hotel in Lisbon.", expect: [{ tool: "book-hotel" }] },
];

beforeAll(async () => {
  const launch = demoServerLaunch();
  const res = await connections.POST(
    post("/api/connections", stdioInput("demo", launch.args, { command: launch.command, env: launch.env })),
  );
  expect(res.status).toBe(201);
  demo = ((await res.json()) as ConnectionView).id;
  fake = await startFakeProvider("openai", { apiKey: "sk-evals" });
  const created = await evals.POST(
    post("/api/tests/model-evals", {
      name: "trip tools",
      connectionId: demo,
      prompts: PROMPTS,
      models: [
        { provider: "scripted", model: "scripted" },
        { provider: "openai", model: "gpt-4o", baseUrl: fake.baseUrl },
        { provider: "anthropic", model: "claude-sonnet-4-5" },
      ],
    }),
  );
  expect(created.status, await created.clone().text()).toBe(201);
  saved = (await created.json()) as ModelEval;
}, 30_000);

afterAll(async () => {
  await fake?.close();
  await closeConnections(data);
});

async function runOnce(): Promise<ModelEvalRun> {
  const res = await runs.POST(post(`/api/tests/model-evals/${saved.id}/runs`, {}), ctx({ evalId: saved.id }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ModelEvalRun;
}

/** The fake OpenAI model: the forecast for the wrong city, then a booking. */
function scriptOpenAi(): void {
  fake.enqueue({ toolCalls: [{ name: "get-forecast", arguments: { city: "Paris" } }] }, { text: "Sunny in Paris." });
  fake.enqueue(
    { toolCalls: [{ name: "book-hotel", arguments: { hotelId: "hotel-lisbon-alfama", contactEmail: "a@example.com" } }] },
    { text: "Booked." },
  );
}

describe("a model eval against the demo MCP server", () => {
  it("scores each model per prompt and per tool, and says why a model could not run", async () => {
    scriptOpenAi();
    const run = await runOnce();
    expect(run.models.map((m) => [m.model, m.hits, m.total])).toEqual([
      ["scripted", 2, 2],
      ["openai gpt-4o", 1, 2],
      ["anthropic claude-sonnet-4-5", 0, 2],
    ]);
    const forecast = run.tools.find((t) => t.tool === "get-forecast")!;
    expect(forecast.models.map((m) => [m.model, m.accuracy])).toEqual([
      ["scripted", 1],
      ["openai gpt-4o", 0],
      ["anthropic claude-sonnet-4-5", 0],
    ]);
    const wrong = run.results.find((r) => r.model === "openai gpt-4o" && r.promptIndex === 0)!;
    expect(wrong).toMatchObject({ pass: false, called: [{ tool: "get-forecast", args: { city: "Paris" } }], missing: PROMPTS[0]!.expect });
    expect(run.results.find((r) => r.model.startsWith("anthropic"))?.error).toMatch(/key/i);
    expect(fake.pending()).toBe(0);
  }, 60_000);

  it("keeps every run, newest first (accuracy over time)", async () => {
    fake.enqueue({ text: "I cannot help with that." }, { text: "No." });
    const second = await runOnce();
    expect(second.models.find((m) => m.model === "openai gpt-4o")?.hits).toBe(0);
    const res = await runs.GET(new Request("http://127.0.0.1:3000/x"), ctx({ evalId: saved.id }));
    const history = (await res.json()) as ModelEvalRun[];
    expect(history.map((r) => r.id)[0]).toBe(second.id);
    expect(history.map((r) => r.models.find((m) => m.model === "openai gpt-4o")?.hits)).toEqual([0, 1]);
  }, 60_000);

  it("cancels a run going: the prompt in flight is stopped, the run ends cancelled with the prompts that ended, kept in the history", async () => {
    const created = await evals.POST(
      post("/api/tests/model-evals", {
        name: "cancel me",
        connectionId: demo,
        prompts: PROMPTS,
        models: [{ provider: "openai", model: "gpt-4o", baseUrl: fake.baseUrl }],
      }),
    );
    const ev = (await created.json()) as ModelEval;
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    // The first prompt ends at once; the second streams its answer for a minute.
    fake.enqueue(
      { toolCalls: [{ name: "get-forecast", arguments: { city: "Lisbon" } }] },
      { text: "Sunny." },
      { text: words, chunkDelayMs: 300 },
    );
    const seen = fake.requests.length;
    const going = runs.POST(post(`/api/tests/model-evals/${ev.id}/runs`, {}), ctx({ evalId: ev.id }));
    await until(() => fake.requests.length >= seen + 3, 20_000, "the second prompt put to the model");
    const started = Date.now();
    const cancel = await runs.DELETE(new Request("http://127.0.0.1:3000/x", { method: "DELETE" }), ctx({ evalId: ev.id }));
    expect(cancel.status, await cancel.clone().text()).toBe(202);
    const res = await going;
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);
    const run = (await res.json()) as ModelEvalRun;
    expect(run.status).toBe("cancelled");
    expect(run.results.map((r) => [r.promptIndex, r.pass])).toEqual([[0, true]]);
    expect(run.models).toEqual([{ model: "openai gpt-4o", hits: 1, total: 1, accuracy: 1 }]);
    const history = (await (await runs.GET(new Request("http://127.0.0.1:3000/x"), ctx({ evalId: ev.id }))).json()) as ModelEvalRun[];
    expect(history.map((r) => [r.id, r.status])).toEqual([[run.id, "cancelled"]]);
    // Nothing runs now: a second cancel is a 409 with the route's code, an unknown eval a 404.
    const again = await runs.DELETE(new Request("http://127.0.0.1:3000/x", { method: "DELETE" }), ctx({ evalId: ev.id }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("conflict:model_eval_not_running");
    const unknown = await runs.DELETE(new Request("http://127.0.0.1:3000/x", { method: "DELETE" }), ctx({ evalId: "nope" }));
    expect(unknown.status).toBe(404);
    await one.DELETE(new Request("http://127.0.0.1:3000/x", { method: "DELETE" }), ctx({ evalId: ev.id }));
  }, 60_000);

  it("refuses a bad eval with its field and an unknown eval with a 404", async () => {
    const bad = await evals.POST(post("/api/tests/model-evals", { name: "x", connectionId: demo, prompts: [], models: [] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "bad_request:model_eval" });
    const missing = await runs.POST(post("/x", {}), ctx({ evalId: "nope" }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found:model_eval");
  });

  it("edits an eval keeping its history, and deletes it with its runs", async () => {
    const put = (body: unknown) =>
      one.PUT(new Request("http://127.0.0.1:3000/x", { method: "PUT", body: JSON.stringify(body) }), ctx({ evalId: saved.id }));
    const edited = await put({ ...saved, name: "trip tools v2", models: [{ provider: "scripted", model: "scripted" }] });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await edited.json()).toMatchObject({ id: saved.id, createdAt: saved.createdAt, name: "trip tools v2" });
    const history = await runs.GET(new Request("http://127.0.0.1:3000/x"), ctx({ evalId: saved.id }));
    expect(((await history.json()) as ModelEvalRun[]).length).toBe(2);
    const bad = await put({ ...saved, connectionId: "gone" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('No MCP connection "gone"');

    const del = await one.DELETE(new Request("http://127.0.0.1:3000/x", { method: "DELETE" }), ctx({ evalId: saved.id }));
    expect(del.status).toBe(204);
    const after = await one.GET(new Request("http://127.0.0.1:3000/x"), ctx({ evalId: saved.id }));
    expect(after.status).toBe(404);
  });
});
