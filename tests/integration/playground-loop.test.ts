import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import type { ColumnConfig, Conversation, PgModelRequest, PgModelResponse, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { prepareInput, toAnthropic, toGemini, toOpenAi } from "@/lib/schema/portability";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider, type ProviderWire } from "@/tests/fixtures/fake-providers";
import { EVERYTHING, stdioInput } from "@/tests/support/servers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as entriesRoute from "@/app/api/playground/conversations/[id]/entries/route";
import { waitFor, raws, ctx, playgroundDataDir, providerKeys, jsonPostTo as post, closeConnections } from "@/tests/support/playground";

/**
 * The playground loop against each provider's real client library and a fake provider server
 * speaking its real streaming wire, with server-everything as the MCP peer: Loupe, not the SDK,
 * runs the tools, through the approvals desk and the connection's recorded call path.
 */

const data = playgroundDataDir("loupe-playground-loop-");
const KEY = providerKeys("test-key-playground-1234");

const base = "http://127.0.0.1:3000";

const WIRES: { wire: ProviderWire; provider: ColumnConfig["provider"]; model: string }[] = [
  { wire: "openai", provider: "openai", model: "gpt-4o-mini" },
  { wire: "anthropic", provider: "anthropic", model: "claude-sonnet-4-5" },
  { wire: "gemini", provider: "google", model: "gemini-2.5-flash" },
];

let everything = "";

beforeAll(async () => {
  const view = await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]));
  everything = view.id;
  expect(view.state.status).toBe("connected");
});

afterAll(() => closeConnections(data));

async function entriesOf(id: string): Promise<Entry[]> {
  const res = await entriesRoute.GET(new Request(`${base}/api/playground/conversations/${id}/entries?limit=5000`), ctx({ id }));
  expect(res.status).toBe(200);
  return (await res.json()) as Entry[];
}

async function turnEnded(id: string, turn = 1): Promise<PgTurn> {
  let ended: PgTurn | undefined;
  await waitFor(`turn ${turn} to end`, () => {
    const list = getHub().list(id, { limit: 5000 });
    ended = raws<PgTurn>(list, "pg_turn").find((t) => t.turn === turn && t.status !== "running");
    return ended;
  });
  return ended!;
}

function pendingApprovals(conversationId: string): ToolApproval[] {
  return getApprovals()
    .list({ status: "pending" })
    .filter((a) => a.origin.kind === "playground" && a.origin.conversationId === conversationId);
}

/** The tool declarations a provider received, by name, read from its own request shape. */
function declaredSchemas(wire: ProviderWire, body: unknown): Record<string, unknown> {
  const b = body as Record<string, unknown>;
  if (wire === "openai") {
    return Object.fromEntries(
      (b.tools as { function: { name: string; parameters: unknown } }[]).map((t) => [t.function.name, t.function.parameters]),
    );
  }
  if (wire === "anthropic")
    return Object.fromEntries((b.tools as { name: string; input_schema: unknown }[]).map((t) => [t.name, t.input_schema]));
  const decls = (b.tools as { functionDeclarations: { name: string; parameters?: unknown }[] }[]).flatMap((t) => t.functionDeclarations);
  return Object.fromEntries(decls.map((d) => [d.name, d.parameters]));
}

/** Portability's schema for that provider (issue 5), computed here from the listed tool. */
function portabilitySchema(wire: ProviderWire, inputSchema: unknown): unknown {
  const prepared = prepareInput(inputSchema).schema;
  if (wire === "openai") return toOpenAi(prepared).schema;
  if (wire === "anthropic") return toAnthropic(prepared).schema;
  return toGemini(prepared).schema ?? undefined;
}

/** The text of the tool results the provider received in a request, in its own shape. */
function toolResultText(wire: ProviderWire, body: unknown): string {
  const b = body as Record<string, unknown>;
  if (wire === "openai") return JSON.stringify((b.messages as { role: string }[]).filter((m) => m.role === "tool"));
  if (wire === "anthropic") {
    const parts = (b.messages as { content: unknown }[]).flatMap((m) =>
      Array.isArray(m.content) ? (m.content as { type: string }[]) : [],
    );
    return JSON.stringify(parts.filter((p) => p.type === "tool_result"));
  }
  const parts = (b.contents as { parts: Record<string, unknown>[] }[]).flatMap((c) => c.parts);
  return JSON.stringify(parts.filter((p) => "functionResponse" in p));
}

describe.each(WIRES)("the playground loop on the $wire wire", ({ wire, provider, model }) => {
  let fake: FakeProvider;

  beforeAll(async () => {
    fake = await startFakeProvider(wire, { apiKey: KEY });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    expect(fake.pending()).toBe(0);
    fake.requests.length = 0;
  });

  async function start(text: string, policy: "always" | "never" = "always", tools: string[] = ["get-sum", "echo"]): Promise<string> {
    const res = await conversations.POST(
      post("/api/playground/conversations", {
        title: `${wire} test`,
        systemPrompt: "You add numbers with tools.",
        servers: [{ connectionId: everything, tools }],
        policy,
        columns: [{ provider, model, baseUrl: fake.baseUrl }],
      }),
    );
    expect(res.status).toBe(201);
    const conversation = (await res.json()) as Conversation;
    const sent = await messages.POST(post(`/x`, { text }), ctx({ id: conversation.id }));
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ turn: 1, columnIds: [conversation.columns[0]!.id] });
    return conversation.id;
  }

  it("tool call → gate → approve with edited arguments → result → final answer; the schemas are Portability's", async () => {
    fake.enqueue({
      text: "Let me add them.",
      toolCalls: [{ name: "get-sum", arguments: { a: 2, b: 3 } }],
      usage: { inputTokens: 100, outputTokens: 20 },
    });
    fake.enqueue({ text: "The sum is 12.", usage: { inputTokens: 150, outputTokens: 10 } });
    const id = await start("What is 2 + 3?");

    const [approval] = await waitFor("the approval", () => (pendingApprovals(id).length === 1 ? pendingApprovals(id) : undefined));
    expect(approval).toMatchObject({ connectionId: everything, tool: "get-sum", arguments: { a: 2, b: 3 } });
    // The timeline shows the call waiting, with the approval it waits for.
    await waitFor("awaiting_approval", () =>
      raws<PgToolCall>(getHub().list(id, { limit: 5000 }), "pg_tool_call").find((c) => c.status === "awaiting_approval"),
    );
    getApprovals().answer(approval!.id, { action: "approve", arguments: { a: 5, b: 7 } });
    const turn = await turnEnded(id);
    expect(turn).toMatchObject({ status: "done", usage: { inputTokens: 250, outputTokens: 30 } });

    const entries = await entriesOf(id);
    const calls = raws<PgToolCall>(entries, "pg_tool_call");
    expect(calls.map((c) => c.status)).toEqual(["awaiting_approval", "running", "ok"]);
    expect(calls[0]!.approvalId).toBe(approval!.id);
    const done = calls[2]!;
    expect(done).toMatchObject({
      connectionId: everything,
      tool: "get-sum",
      calledAs: "get-sum",
      arguments: { a: 5, b: 7 },
      approvalId: approval!.id,
    });
    expect(JSON.stringify(done.result)).toContain("The sum of 5 and 7 is 12.");

    // The call went through the connection's call path: in its history, with who made it.
    const record = getRegistry()
      .listCalls(everything, { tool: "get-sum" })
      .find((c: CallRecord) => c.id === done.callId);
    expect(record).toMatchObject({ status: "ok", args: { a: 5, b: 7 }, approvalId: approval!.id });
    expect(record!.origin).toMatchObject({ kind: "playground", conversationId: id, toolCallId: done.toolCallId });

    // The model got the result in the second step; the recorded request is the one the provider received.
    expect(fake.requests).toHaveLength(2);
    expect(toolResultText(wire, fake.requests[1]!.body)).toContain("The sum of 5 and 7 is 12.");
    const requests = raws<PgModelRequest>(entries, "pg_model_request");
    expect(requests.map((r) => r.step)).toEqual([1, 2]);
    expect(requests[0]!.body).toEqual(fake.requests[0]!.body);
    expect(requests[0]!.url).toContain(fake.origin);
    expect(requests[0]!.toolMap).toEqual({
      "get-sum": { connectionId: everything, tool: "get-sum" },
      echo: { connectionId: everything, tool: "echo" },
    });

    const responses = raws<PgModelResponse>(entries, "pg_model_response");
    expect(responses.map((r) => r.status)).toEqual(["ok", "ok"]);
    expect(responses[0]!.toolCalls).toMatchObject([{ name: "get-sum", arguments: { a: 2, b: 3 } }]);
    expect(responses[1]!.text).toBe("The sum is 12.");
    expect(responses[1]!.http?.status).toBe(200);
    expect(responses[1]!.http?.body).toContain(" is 12.");

    // What the provider received for each tool is Portability's output for that provider.
    const listed = (await getRegistry().listTools(everything)).tools;
    const declared = declaredSchemas(wire, fake.requests[0]!.body);
    expect(Object.keys(declared).sort()).toEqual(["echo", "get-sum"]);
    for (const name of ["get-sum", "echo"]) {
      const tool = listed.find((t) => t.name === name)!;
      expect(declared[name]).toEqual(portabilitySchema(wire, tool.inputSchema));
    }
  });

  it("reject: the model receives the reason in words", async () => {
    fake.enqueue({ toolCalls: [{ name: "get-sum", arguments: { a: 1, b: 1 } }] });
    fake.enqueue({ text: "Understood, I will not add them." });
    const id = await start("Add 1 and 1");
    const [approval] = await waitFor("the approval", () => (pendingApprovals(id).length === 1 ? pendingApprovals(id) : undefined));
    getApprovals().answer(approval!.id, { action: "reject", reason: "not on a Sunday" });
    expect((await turnEnded(id)).status).toBe("done");
    const calls = raws<PgToolCall>(await entriesOf(id), "pg_tool_call");
    expect(calls.at(-1)).toMatchObject({ status: "rejected", result: "rejected: not on a Sunday", approvalId: approval!.id });
    expect(toolResultText(wire, fake.requests[1]!.body)).toContain("rejected: not on a Sunday");
    expect(
      getRegistry()
        .listCalls(everything)
        .some((c) => c.args.a === 1 && c.args.b === 1),
    ).toBe(false);
  });

  it("two tool calls in one step are gated one by one: the second is decided first", async () => {
    fake.enqueue({
      toolCalls: [
        { name: "get-sum", arguments: { a: 10, b: 20 } },
        { name: "echo", arguments: { message: "hello" } },
      ],
    });
    fake.enqueue({ text: "Done." });
    const id = await start("Sum 10 and 20, and echo hello");
    const pending = await waitFor("two approvals", () => (pendingApprovals(id).length === 2 ? pendingApprovals(id) : undefined));
    const echo = pending.find((a) => a.tool === "echo")!;
    const sum = pending.find((a) => a.tool === "get-sum")!;
    getApprovals().answer(echo.id, { action: "approve" });
    // The echo runs while the sum still waits.
    await waitFor("the echo result", () =>
      raws<PgToolCall>(getHub().list(id, { limit: 5000 }), "pg_tool_call").find((c) => c.tool === "echo" && c.status === "ok"),
    );
    expect(pendingApprovals(id).map((a) => a.id)).toEqual([sum.id]);
    getApprovals().answer(sum.id, { action: "reject", reason: "too big" });
    expect((await turnEnded(id)).status).toBe("done");
    const results = toolResultText(wire, fake.requests[1]!.body);
    expect(results).toContain("Echo: hello");
    expect(results).toContain("rejected: too big");
    // Results go back in the order the model called them.
    expect(results.indexOf("rejected: too big")).toBeLessThan(results.indexOf("Echo: hello"));
  });

  it("a provider error ends the turn with status error and the provider's body shown raw", async () => {
    fake.enqueue({ error: { status: 429, message: "Rate limit reached for requests" } });
    const id = await start("Hello", "never");
    const turn = await turnEnded(id);
    expect(turn.status).toBe("error");
    expect(turn.error).toBeTruthy();
    const [response] = raws<PgModelResponse>(await entriesOf(id), "pg_model_response");
    expect(response).toMatchObject({ status: "error", http: { status: 429 } });
    expect(response!.http!.body).toContain("Rate limit reached for requests");
    const conversation = (await (await conversations.GET()).json()) as Conversation[];
    expect(conversation.find((c) => c.id === id)!.columns[0]!.status).toBe("error");
  });

  it.skipIf(wire === "gemini")("malformed tool-call JSON from the model is shown raw and the model is told", async () => {
    const raw = '{"a": 2, "b": ';
    fake.enqueue({ toolCalls: [{ name: "get-sum", rawArguments: raw }] });
    fake.enqueue({ text: "Sorry, let me fix that." });
    const id = await start("Add 2 and something", "never");
    expect((await turnEnded(id)).status).toBe("done");
    const entries = await entriesOf(id);
    const [response] = raws<PgModelResponse>(entries, "pg_model_response");
    expect(response!.toolCalls[0]).toMatchObject({ name: "get-sum", input: raw });
    expect(response!.toolCalls[0]!.arguments).toBeUndefined();
    expect(response!.toolCalls[0]!.parseError).toMatch(/not valid JSON/);
    const [call] = raws<PgToolCall>(entries, "pg_tool_call");
    expect(call).toMatchObject({ status: "invalid_arguments", calledAs: "get-sum" });
    expect(String(call!.result)).toContain(raw);
    expect(toolResultText(wire, fake.requests[1]!.body)).toContain("not valid JSON");
  });
});
