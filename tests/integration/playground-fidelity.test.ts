import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { ColumnConfig, Conversation, PgToolCall } from "@/lib/contracts/playground";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import {
  waitFor,
  raws,
  ctx,
  playgroundDataDir,
  providerKeys,
  jsonPostTo as post,
  closeConnections,
  connectEverything,
  turnEnded,
} from "@/tests/support/playground";

/**
 * What a demanding user of the real APIs expects of the history Loupe re-sends: after a turn with
 * three tool calls (one rejected, one whose result is isError, one returning an image), the next
 * turn's request carries the calls and their results in the exact shape each API requires. The
 * fake providers refuse what the real APIs refuse (tests/fixtures/fake-providers/history.ts), so
 * a broken history fails the turn here as it would in production.
 */

const data = playgroundDataDir("loupe-playground-fidelity-");
const KEY = providerKeys("test-key-fidelity-1234");

const WIRES: { wire: ProviderWire; provider: ColumnConfig["provider"]; model: string }[] = [
  { wire: "openai", provider: "openai", model: "gpt-4o-mini" },
  { wire: "anthropic", provider: "anthropic", model: "claude-sonnet-4-5" },
  { wire: "gemini", provider: "google", model: "gemini-2.5-flash" },
  // Ollama, LM Studio, vLLM: the chat completions wire through @ai-sdk/openai-compatible.
  { wire: "openai", provider: "openai-compatible", model: "llama3.2" },
];

let everything = "";
beforeAll(async () => {
  everything = await connectEverything();
});
afterAll(() => closeConnections(data));

const pending = (id: string): ToolApproval[] =>
  getApprovals()
    .list({ status: "pending" })
    .filter((a) => a.origin.kind === "playground" && a.origin.conversationId === id);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(WIRES)("history fidelity on the $wire wire ($provider)", ({ wire, provider, model }) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    // A local OpenAI-compatible server takes no key.
    fake = await startFakeProvider(wire, provider === "openai-compatible" ? { requireKey: false } : { apiKey: KEY });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
  });

  it("rejected, isError and image results come back in the next turn in the API's own shape", async () => {
    fake.enqueue({
      text: "Three things.",
      toolCalls: [
        { name: "echo", id: wire === "gemini" ? undefined : "call_echo", arguments: { message: "hi" } },
        { name: "get-sum", id: wire === "gemini" ? undefined : "call_sum", arguments: { a: "not a number", b: 1 } },
        { name: "get-tiny-image", id: wire === "gemini" ? undefined : "call_img", arguments: {} },
      ],
    });
    fake.enqueue({ text: "Done with the tools." });
    fake.enqueue({ text: "Second answer." });
    const created = await conversations.POST(
      post("/api/playground/conversations", {
        servers: [{ connectionId: everything, tools: ["echo", "get-sum", "get-tiny-image"] }],
        policy: "always",
        columns: [{ provider, model, baseUrl: fake.baseUrl }],
      }),
    );
    const conversation = (await created.json()) as Conversation;
    const id = conversation.id;
    expect((await messages.POST(post("/x", { text: "Go" }), ctx({ id }))).status).toBe(202);
    const asked = await waitFor("three approvals", () => (pending(id).length === 3 ? pending(id) : undefined));
    for (const a of asked) {
      if (a.tool === "echo") getApprovals().answer(a.id, { action: "reject", reason: "no echoes today" });
      else getApprovals().answer(a.id, { action: "approve" });
    }
    const first = await turnEnded(id, 1);
    expect(first.status, JSON.stringify(first)).toBe("done");
    const calls = raws<PgToolCall>(getHub().list(id, { limit: 5000 }), "pg_tool_call");
    const final = (tool: string) => calls.filter((c) => c.tool === tool).at(-1)!;
    expect(final("echo").status).toBe("rejected");
    expect(final("get-sum").status).toBe("tool_error");
    expect(final("get-tiny-image").status).toBe("ok");

    expect((await messages.POST(post("/x", { text: "And now?" }), ctx({ id }))).status).toBe(202);
    const second = await turnEnded(id, 2);
    expect(second.status, JSON.stringify(second)).toBe("done");
    expect(fake.requests).toHaveLength(3);
    // The request of turn 2 (the one the provider accepted) re-sends turn 1 in full.
    const body = fake.requests[2]!.body as Json;

    if (wire === "openai") {
      const msgs = body.messages as Json[];
      const i = msgs.findIndex((m) => m.role === "assistant" && m.tool_calls);
      expect(msgs[i]!.content).toBe("Three things.");
      expect(msgs[i]!.tool_calls.map((c: Json) => [c.id, c.function.name, JSON.parse(c.function.arguments)])).toEqual([
        ["call_echo", "echo", { message: "hi" }],
        ["call_sum", "get-sum", { a: "not a number", b: 1 }],
        ["call_img", "get-tiny-image", {}],
      ]);
      const tools = msgs.slice(i + 1, i + 4);
      expect(tools.map((m) => [m.role, m.tool_call_id])).toEqual([
        ["tool", "call_echo"],
        ["tool", "call_sum"],
        ["tool", "call_img"],
      ]);
      expect(tools[0]!.content).toBe("rejected: no echoes today");
      expect(typeof tools[1]!.content).toBe("string");
      expect(tools[2]!.content).toContain("Here's the image you requested:");
      expect(tools[2]!.content).toContain("image/png");
      expect(msgs.slice(i + 4).map((m) => m.role)).toEqual(["assistant", "user"]);
    } else if (wire === "anthropic") {
      const msgs = body.messages as Json[];
      const i = msgs.findIndex(
        (m) => m.role === "assistant" && Array.isArray(m.content) && m.content.some((b: Json) => b.type === "tool_use"),
      );
      expect(msgs[i]!.content.map((b: Json) => [b.type, b.id ?? null, b.name ?? null])).toEqual([
        ["text", null, null],
        ["tool_use", "call_echo", "echo"],
        ["tool_use", "call_sum", "get-sum"],
        ["tool_use", "call_img", "get-tiny-image"],
      ]);
      const results = msgs[i + 1]!.content as Json[];
      expect(msgs[i + 1]!.role).toBe("user");
      expect(results.map((b) => [b.type, b.tool_use_id, b.is_error ?? false])).toEqual([
        ["tool_result", "call_echo", true],
        ["tool_result", "call_sum", true],
        ["tool_result", "call_img", false],
      ]);
      // The image goes back as an image block, not as base64 inside a JSON string.
      const image = results[2]!.content as Json[];
      expect(Array.isArray(image)).toBe(true);
      expect(image.map((b) => b.type)).toEqual(["text", "image"]);
      expect(image[1]).toMatchObject({ source: { type: "base64", media_type: "image/png" } });
    } else {
      const contents = body.contents as Json[];
      const i = contents.findIndex((c) => c.role === "model" && c.parts.some((p: Json) => p.functionCall));
      const called = contents[i]!.parts.filter((p: Json) => p.functionCall).map((p: Json) => p.functionCall.name);
      expect(called).toEqual(["echo", "get-sum", "get-tiny-image"]);
      const responses = contents[i + 1]!.parts.filter((p: Json) => p.functionResponse).map((p: Json) => p.functionResponse);
      expect(responses.map((r: Json) => r.name)).toEqual(called);
      expect(responses[0].response.content).toBe("rejected: no echoes today");
      // The image goes back as an image (inlineData) part, not as base64 inside the function response.
      expect(JSON.stringify(responses[2])).not.toContain("iVBORw0KGgo");
      const inline = contents[i + 1]!.parts.filter((p: Json) => p.inlineData).map((p: Json) => p.inlineData);
      expect(inline).toMatchObject([{ mimeType: "image/png" }]);
      expect(inline[0].data.startsWith("iVBORw0KGgo")).toBe(true);
    }
  });
});

describe("Gemini thinking models", () => {
  it("get each function call's thoughtSignature back in the history, as the API asks", async () => {
    const fake = await startFakeProvider("gemini", { apiKey: KEY });
    fake.enqueue(
      { toolCalls: [{ name: "echo", arguments: { message: "hi" }, thoughtSignature: "c2lnbmVkLWJ5LWdlbWluaQ==" }] },
      { text: "Echoed." },
      { text: "Again." },
    );
    const created = await conversations.POST(
      post("/api/playground/conversations", {
        servers: [{ connectionId: everything, tools: ["echo"] }],
        policy: "never",
        columns: [{ provider: "google", model: "gemini-3-pro-preview", baseUrl: fake.baseUrl }],
      }),
    );
    const { id } = (await created.json()) as Conversation;
    await messages.POST(post("/x", { text: "Echo hi" }), ctx({ id }));
    expect((await turnEnded(id, 1)).status).toBe("done");
    // Rebuilt from the record on the next turn too, not only within the turn.
    await messages.POST(post("/x", { text: "Once more" }), ctx({ id }));
    expect((await turnEnded(id, 2)).status).toBe("done");
    for (const request of fake.requests.slice(1)) {
      const parts = ((request.body as Json).contents as Json[]).flatMap((c) => c.parts).filter((p: Json) => p.functionCall);
      expect(parts).toMatchObject([{ functionCall: { name: "echo" }, thoughtSignature: "c2lnbmVkLWJ5LWdlbWluaQ==" }]);
    }
    await fake.close();
  });
});

describe("the fake providers refuse the histories the real APIs refuse", () => {
  it("openai: tool_calls without their tool messages; a tool message without tool_calls; a name with a dot", async () => {
    const fake = await startFakeProvider("openai", { apiKey: KEY, fallback: { text: "ok" } });
    const send = (body: unknown) =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const call = { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } };
    const missing = await send({
      model: "m",
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", tool_calls: [call] },
        { role: "user", content: "y" },
      ],
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("did not have response messages: call_1");
    const orphan = await send({
      model: "m",
      messages: [
        { role: "user", content: "x" },
        { role: "tool", tool_call_id: "call_9", content: "r" },
      ],
    });
    expect(orphan.status).toBe(400);
    const dotted = await send({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "function", function: { name: "a.b", parameters: {} } }],
    });
    expect(dotted.status).toBe(400);
    const fine = await send({
      model: "m",
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", tool_calls: [call] },
        { role: "tool", tool_call_id: "call_1", content: "r" },
      ],
    });
    expect(fine.status).toBe(200);
    await fake.close();
  });

  it("anthropic: tool_use without tool_result next; tool_result without tool_use", async () => {
    const fake = await startFakeProvider("anthropic", { apiKey: KEY, fallback: { text: "ok" } });
    const send = (body: unknown) =>
      fetch(`${fake.baseUrl}/messages`, {
        method: "POST",
        headers: { "x-api-key": KEY, "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const use = { type: "tool_use", id: "toolu_1", name: "f", input: {} };
    const missing = await send({
      model: "m",
      max_tokens: 10,
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", content: [use] },
        { role: "user", content: "y" },
      ],
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1");
    const orphan = await send({
      model: "m",
      max_tokens: 10,
      messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "r" }] }],
    });
    expect(orphan.status).toBe(400);
    const fine = await send({
      model: "m",
      max_tokens: 10,
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", content: [use] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "r", is_error: true }] },
      ],
    });
    expect(fine.status).toBe(200);
    await fake.close();
  });

  it("gemini: function responses must match the function calls in number", async () => {
    const fake = await startFakeProvider("gemini", { apiKey: KEY, fallback: { text: "ok" } });
    const send = (body: unknown) =>
      fetch(`${fake.baseUrl}/models/gemini-2.5-flash:generateContent`, {
        method: "POST",
        headers: { "x-goog-api-key": KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const calls = { role: "model", parts: [{ functionCall: { name: "f", args: {} } }, { functionCall: { name: "g", args: {} } }] };
    const one = { role: "user", parts: [{ functionResponse: { name: "f", response: { content: "r" } } }] };
    const short = await send({ contents: [{ role: "user", parts: [{ text: "x" }] }, calls, one] });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("number of function response parts is equal to the number of function call parts");
    const both = { role: "user", parts: [...one.parts, { functionResponse: { name: "g", response: { content: "r" } } }] };
    expect((await send({ contents: [{ role: "user", parts: [{ text: "x" }] }, calls, both] })).status).toBe(200);
    await fake.close();
  });
});
