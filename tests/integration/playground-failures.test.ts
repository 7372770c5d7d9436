import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColumnConfig, Conversation, PgModelResponse, PgToolCall } from "@/lib/contracts/playground";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";
import { anthropicWire } from "@/tests/fixtures/fake-providers/anthropic";
import { geminiWire } from "@/tests/fixtures/fake-providers/gemini";
import { openaiWire } from "@/tests/fixtures/fake-providers/openai";
import { EVERYTHING, stdioInput } from "@/tests/support/servers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as columnRoute from "@/app/api/playground/conversations/[id]/columns/[columnId]/route";
import {
  waitFor,
  raws,
  live,
  ctx,
  playgroundDataDir,
  connectEverything,
  providerKeys,
  closeConnections,
  turnEnded,
} from "@/tests/support/playground";

/**
 * A provider failing the way real ones do — a wrong key, a stream cut mid-way, a malformed SSE
 * line — ends the turn in error with the provider's raw body kept, and the conversation stays
 * usable: the next message (after pointing the column at a working endpoint) runs with a history
 * the strict fake accepts. A tool whose connection is deleted mid-conversation is an error result
 * in words for the model.
 */

const data = playgroundDataDir("loupe-playground-failures-");
const KEY = providerKeys("test-key-failures-1234");

const base = "http://127.0.0.1:3000";
const req = (method: string, body?: unknown) =>
  new Request(base + "/x", {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });

const WIRES = [
  { wire: "openai" as ProviderWire, provider: "openai" as ColumnConfig["provider"], model: "gpt-4o-mini", mod: openaiWire },
  { wire: "anthropic" as ProviderWire, provider: "anthropic" as ColumnConfig["provider"], model: "claude-sonnet-4-5", mod: anthropicWire },
  { wire: "gemini" as ProviderWire, provider: "google" as ColumnConfig["provider"], model: "gemini-2.5-flash", mod: geminiWire },
];

let everything = "";
beforeAll(async () => {
  everything = await connectEverything();
});
afterAll(() => closeConnections(data));

/** A provider endpoint that answers a stream the way a broken network or proxy does. */
async function brokenStream(write: (res: http.ServerResponse) => void): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, res) => {
    request.resume();
    request.on("end", () => write(res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

describe.each(WIRES)("provider failures on the $wire wire", ({ wire, provider, model, mod }) => {
  let good: FakeProvider;
  let badKey: FakeProvider;
  beforeAll(async () => {
    good = await startFakeProvider(wire, { apiKey: KEY });
    badKey = await startFakeProvider(wire, { apiKey: "the-right-key-is-another" });
  });
  afterAll(async () => {
    await good.close();
    await badKey.close();
  });

  const frames = () =>
    mod.stream(
      { text: "Partial answer that never ends properly" },
      { model, requestBody: {}, usage: { inputTokens: 10, outputTokens: 5 }, includeUsage: true },
    );
  const sse = (f: { event?: string; data: string }) => `${f.event ? `event: ${f.event}\n` : ""}data: ${f.data}\n\n`;

  async function conversationOn(baseUrl: string): Promise<{ id: string; columnId: string }> {
    const res = await conversations.POST(
      req("POST", { servers: [{ connectionId: everything, tools: ["echo"] }], policy: "never", columns: [{ provider, model, baseUrl }] }),
    );
    const made = (await res.json()) as Conversation;
    return { id: made.id, columnId: made.columns[0]!.id };
  }

  /** After the failed turn: point the column at a working endpoint; the next message runs on a history the provider accepts. */
  async function continues(id: string, columnId: string, turn: number): Promise<void> {
    const patched = await columnRoute.PATCH(req("PATCH", { config: { provider, model, baseUrl: good.baseUrl } }), ctx({ id, columnId }));
    expect(patched.status).toBe(200);
    good.enqueue({ text: "Back again." });
    expect((await messages.POST(req("POST", { text: "Still there?" }), ctx({ id }))).status).toBe(202);
    const next = await turnEnded(id, turn);
    expect(next.status, JSON.stringify(next)).toBe("done");
    expect(JSON.stringify(good.requests.at(-1)!.body)).toContain("Still there?");
  }

  it("a wrong key: the turn errors with the provider's own body, and the next message works", async () => {
    const { id, columnId } = await conversationOn(badKey.baseUrl);
    expect((await messages.POST(req("POST", { text: "Hello" }), ctx({ id }))).status).toBe(202);
    const turn = await turnEnded(id, 1);
    expect(turn.status).toBe("error");
    const [response] = raws<PgModelResponse>(live(id), "pg_model_response");
    expect(response!.status).toBe("error");
    expect([400, 401]).toContain(response!.http!.status);
    expect(response!.http!.body).toMatch(/invalid x-api-key|Incorrect API key|API key not valid/);
    await continues(id, columnId, 2);
  });

  it("a 500 after the tools ran: the results stay in the history the next message sends", async () => {
    const { id } = await conversationOn(good.baseUrl);
    good.enqueue({ toolCalls: [{ name: "echo", ...(wire === "gemini" ? {} : { id: "call_kept" }), arguments: { message: "kept" } }] });
    good.enqueue({ error: { status: 500, message: "The server had an error while processing your request." } });
    expect((await messages.POST(req("POST", { text: "Echo kept" }), ctx({ id }))).status).toBe(202);
    const turn = await turnEnded(id, 1);
    expect(turn.status).toBe("error");
    expect(raws<PgModelResponse>(live(id), "pg_model_response").at(-1)!.http!.body).toContain("The server had an error");
    good.enqueue({ text: "Back again." });
    expect((await messages.POST(req("POST", { text: "Still there?" }), ctx({ id }))).status).toBe(202);
    expect((await turnEnded(id, 2)).status).toBe("done");
    const sent = JSON.stringify(good.requests.at(-1)!.body);
    expect(sent).toContain("Echo: kept");
    expect(sent).toContain("Still there?");
  });

  it("a stream cut mid-way: the turn errors with what arrived kept, and the next message works", async () => {
    const cut = await brokenStream((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const f of frames().slice(0, 2)) res.write(sse(f));
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const { id, columnId } = await conversationOn(`${cut.origin}${mod.basePath}`);
    expect((await messages.POST(req("POST", { text: "Hello" }), ctx({ id }))).status).toBe(202);
    const turn = await turnEnded(id, 1);
    expect(turn.status, JSON.stringify(turn)).toBe("error");
    const [response] = raws<PgModelResponse>(live(id), "pg_model_response");
    expect(response!.status).toBe("error");
    expect(response!.error!.message).toBeTruthy();
    expect(response!.http?.body ?? "").toContain(frames()[0]!.data.slice(0, 20));
    await cut.close();
    await continues(id, columnId, 2);
  });

  it("a malformed SSE line: the turn errors with the raw line kept, and the next message works", async () => {
    const bad = await brokenStream((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const all = frames();
      res.write(sse(all[0]!));
      res.write("data: {this is not json\n\n");
      for (const f of all.slice(1)) res.write(sse(f));
      res.end();
    });
    const { id, columnId } = await conversationOn(`${bad.origin}${mod.basePath}`);
    expect((await messages.POST(req("POST", { text: "Hello" }), ctx({ id }))).status).toBe(202);
    const turn = await turnEnded(id, 1);
    expect(turn.status, JSON.stringify(turn)).toBe("error");
    const [response] = raws<PgModelResponse>(live(id), "pg_model_response");
    expect(response!.status).toBe("error");
    expect(response!.http?.body ?? "").toContain("{this is not json");
    await bad.close();
    await continues(id, columnId, 2);
  });
});

describe("a tool whose connection goes away mid-conversation", () => {
  it("is an error result in words for the model, and the conversation goes on", async () => {
    const fake = await startFakeProvider("openai", { apiKey: KEY });
    const doomed = await getRegistry().create(stdioInput("doomed", [EVERYTHING, "stdio"]));
    const res = await conversations.POST(
      req("POST", {
        servers: [{ connectionId: doomed.id, tools: ["echo"] }],
        policy: "never",
        columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await res.json()) as Conversation;
    fake.enqueue({ toolCalls: [{ name: "echo", arguments: { message: "one" } }] }, { text: "Echoed." });
    await messages.POST(req("POST", { text: "echo one" }), ctx({ id }));
    expect((await turnEnded(id, 1)).status).toBe("done");

    // The model calls the tool it was given last turn, after its connection was deleted.
    await getRegistry().remove(doomed.id);
    fake.enqueue({ toolCalls: [{ id: "call_gone", name: "echo", arguments: { message: "two" } }] }, { text: "The tool is gone." });
    await messages.POST(req("POST", { text: "echo two" }), ctx({ id }));
    const turn = await turnEnded(id, 2);
    expect(turn.status, JSON.stringify(turn)).toBe("done");
    const call = raws<PgToolCall>(live(id), "pg_tool_call")
      .filter((c) => c.turn === 2)
      .at(-1)!;
    expect(["unknown_tool", "failed"]).toContain(call.status);
    expect(typeof call.result).toBe("string");
    const toolMessage = (
      fake.requests.at(-1)!.body as { messages: { role: string; tool_call_id?: string; content: string }[] }
    ).messages.find((m) => m.role === "tool" && m.tool_call_id === "call_gone");
    expect(toolMessage!.content).toMatch(/^(error|rejected)/);
    await fake.close();
  });

  it("disconnected while its call waits for approval: the call fails in words, the turn ends, the next one runs", async () => {
    const fake = await startFakeProvider("anthropic", { apiKey: KEY });
    const flaky = await getRegistry().create(stdioInput("flaky", [EVERYTHING, "stdio"]));
    const res = await conversations.POST(
      req("POST", {
        servers: [{ connectionId: flaky.id, tools: ["echo"] }],
        policy: "always",
        columns: [{ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await res.json()) as Conversation;
    fake.enqueue({ toolCalls: [{ id: "toolu_wait", name: "echo", arguments: { message: "x" } }] }, { text: "It failed." });
    await messages.POST(req("POST", { text: "echo x" }), ctx({ id }));
    await waitFor("the call waiting", () => raws<PgToolCall>(live(id), "pg_tool_call").find((c) => c.status === "awaiting_approval"));
    await getRegistry().remove(flaky.id);
    const turn = await turnEnded(id, 1);
    expect(turn.status, JSON.stringify(turn)).toBe("done");
    const call = raws<PgToolCall>(live(id), "pg_tool_call").at(-1)!;
    expect(call.status).toBe("failed");
    expect(String(call.result)).toMatch(/^error: .{10,}/);
    const blocks = (fake.requests.at(-1)!.body as { messages: { content: unknown }[] }).messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content : [],
    ) as Record<string, unknown>[];
    expect(blocks.find((b) => b.type === "tool_result")).toMatchObject({ tool_use_id: "toolu_wait", is_error: true });
    fake.enqueue({ text: "Fine." });
    await messages.POST(req("POST", { text: "ok" }), ctx({ id }));
    expect((await turnEnded(id, 2)).status).toBe("done");
    await fake.close();
  });
});
