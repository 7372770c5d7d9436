import { describe, expect, it } from "vitest";
import type { ColumnConfig, Conversation, PgModelRequest, PgModelResponse, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import { prepareInput, toOpenAiStrict } from "@/lib/schema/portability";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import { freePort } from "@/tests/support/servers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as conversation from "@/app/api/playground/conversations/[id]/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { Playground } from "@/lib/server/playground";
import { defaultDeps } from "@/lib/server/playground/default-deps";
import { waitFor, raws, live, ctx, jsonPost as post, playgroundDataDir, openAiKey, usePeers } from "@/tests/support/playground";

/** The loop's edges on the OpenAI wire: steps cap, unknown tools, strict declarations, an unreachable provider, two columns. */

const data = playgroundDataDir("loupe-playground-edges-");
const KEY = openAiKey("test-key-playground-edges");

let everything = "";
let fake: FakeProvider;

usePeers(KEY, data, (peers) => ({ everything, fake } = peers), { drained: true });

const ended = (id: string, columnId: string) =>
  waitFor("the turn's end", () => raws<PgTurn>(live(id), "pg_turn", columnId).find((t) => t.status !== "running"));

async function run(columns: Partial<ColumnConfig>[], text: string, tools: string[] = ["get-sum"]): Promise<Conversation> {
  const res = await conversations.POST(
    post({
      servers: [{ connectionId: everything, tools }],
      policy: "never",
      columns: columns.map((c) => ({ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl, ...c })),
    }),
  );
  expect(res.status).toBe(201);
  const made = (await res.json()) as Conversation;
  expect((await messages.POST(post({ text }), ctx({ id: made.id }))).status).toBe(202);
  return made;
}

describe("playground loop edges", () => {
  it("stops after maxSteps when the model keeps calling tools", async () => {
    fake.enqueue(
      { toolCalls: [{ name: "get-sum", arguments: { a: 1, b: 1 } }] },
      { toolCalls: [{ name: "get-sum", arguments: { a: 2, b: 2 } }] },
    );
    const made = await run([{ maxSteps: 2 }], "loop");
    const turn = await ended(made.id, made.columns[0]!.id);
    expect(turn.status).toBe("max_steps");
    expect(turn.error).toBe("The model was still calling tools after 2 steps");
    // Both steps' calls ran (the history stays whole for the next turn).
    expect(raws<PgToolCall>(live(made.id), "pg_tool_call").filter((c) => c.status === "ok")).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });

  it("a call to a tool that was not declared is unknown_tool and the model is told which exist", async () => {
    fake.enqueue({ toolCalls: [{ name: "rm-rf", arguments: {} }] }, { text: "Sorry." });
    const made = await run([{}], "delete everything");
    expect((await ended(made.id, made.columns[0]!.id)).status).toBe("done");
    const [call] = raws<PgToolCall>(live(made.id), "pg_tool_call");
    expect(call).toMatchObject({ status: "unknown_tool", calledAs: "rm-rf", connectionId: null, tool: null });
    const sent = JSON.stringify((fake.requests[1]!.body as { messages: unknown[] }).messages.at(-1));
    expect(sent).toContain('there is no tool named \\"rm-rf\\"; the tools are: get-sum');
  });

  it("strict mode declares Portability's openai-strict schemas with strict: true", async () => {
    fake.enqueue({ text: "Fine." });
    const made = await run([{ strict: true }], "hi", ["get-sum", "echo"]);
    expect((await ended(made.id, made.columns[0]!.id)).status).toBe("done");
    const tools = (fake.requests[0]!.body as { tools: { function: { name: string; parameters: unknown; strict?: boolean } }[] }).tools;
    const listed = (await getRegistry().listTools(everything)).tools;
    for (const t of tools) {
      expect(t.function.strict).toBe(true);
      const source = listed.find((l) => l.name === t.function.name)!;
      expect(t.function.parameters).toEqual(toOpenAiStrict(prepareInput(source.inputSchema).schema).schema);
    }
    expect(tools.map((t) => t.function.name).sort()).toEqual(["echo", "get-sum"]);
  });

  it("an unreachable provider ends the turn in error with the network failure in words", async () => {
    const port = await freePort();
    const made = await run([{ baseUrl: `http://127.0.0.1:${port}/v1` }], "hello");
    const turn = await ended(made.id, made.columns[0]!.id);
    expect(turn.status).toBe("error");
    const [request] = raws<PgModelRequest>(live(made.id), "pg_model_request");
    expect(request!.url).toBe(`http://127.0.0.1:${port}/v1/chat/completions`);
    const [response] = raws<PgModelResponse>(live(made.id), "pg_model_response");
    expect(response).toMatchObject({ status: "error", http: null });
    expect(response!.error!.message).toMatch(/fetch|connect|ECONNREFUSED/i);
    const after = (await (await conversation.GET(new Request("http://x"), ctx({ id: made.id }))).json()) as Conversation;
    expect(after.columns[0]!.status).toBe("error");
  });

  it("one message runs in every column side by side, each with its own model, usage and cost", async () => {
    fake.enqueue((req) => ({ text: `I am ${req.model}.`, usage: { inputTokens: 1000, outputTokens: 100 } }));
    fake.enqueue((req) => ({ text: `I am ${req.model}.`, usage: { inputTokens: 1000, outputTokens: 100 } }));
    const made = await run([{ model: "gpt-4o-mini" }, { model: "gpt-4.1" }], "who are you?");
    const [a, b] = made.columns;
    await ended(made.id, a!.id);
    await ended(made.id, b!.id);
    const text = (columnId: string) => raws<PgModelResponse>(live(made.id), "pg_model_response", columnId)[0]!.text;
    expect(text(a!.id)).toBe("I am gpt-4o-mini.");
    expect(text(b!.id)).toBe("I am gpt-4.1.");
    const view = (await (await conversation.GET(new Request("http://x"), ctx({ id: made.id }))).json()) as Conversation;
    for (const column of view.columns) {
      expect(column.usage).toMatchObject({ inputTokens: 1000, outputTokens: 100 });
      expect(column.costUsd).toBeGreaterThan(0);
    }
    expect(view.columns[0]!.costUsd).not.toBe(view.columns[1]!.costUsd);
  });

  it("a message naming the same column twice runs one turn there", async () => {
    fake.enqueue({ text: "Once." });
    const res = await conversations.POST(post({ columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl }] }));
    const made = (await res.json()) as Conversation;
    const columnId = made.columns[0]!.id;
    const sent = await messages.POST(post({ text: "hi", columnIds: [columnId, columnId] }), ctx({ id: made.id }));
    expect(await sent.json()).toEqual({ turn: 1, columnIds: [columnId] });
    await ended(made.id, columnId);
    await new Promise((r) => setTimeout(r, 100));
    expect(raws(live(made.id), "pg_user")).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
  });

  it("a gate that fails ends the call failed in words, with no empty approval id", async () => {
    const playground = new Playground(getHub(), { ...defaultDeps(), gate: () => Promise.reject(new Error("the desk is closed")) });
    fake.enqueue({ toolCalls: [{ name: "get-sum", arguments: { a: 1, b: 2 } }] }, { text: "Could not." });
    const made = playground.create({
      title: "gate",
      systemPrompt: "",
      servers: [{ connectionId: everything, tools: ["get-sum"] }],
      policy: "always",
      toolPolicies: {},
      columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl, strict: false, maxSteps: 5 }],
    });
    playground.send(made.id, { text: "add" });
    expect((await ended(made.id, made.columns[0]!.id)).status).toBe("done");
    const [call] = raws<PgToolCall>(live(made.id), "pg_tool_call");
    expect(call).toMatchObject({ status: "failed", error: "The approval gate failed: the desk is closed" });
    expect("approvalId" in call!).toBe(false);
  });

  it("a message to a column whose provider has no key is a 400 naming the variable; nothing runs", async () => {
    const res = await conversations.POST(post({ columns: [{ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: fake.baseUrl }] }));
    const made = (await res.json()) as Conversation;
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const sent = await messages.POST(post({ text: "hi" }), ctx({ id: made.id }));
      expect(sent.status).toBe(400);
      const body = (await sent.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("bad_request:playground_no_key");
      expect(body.error.message).toContain("ANTHROPIC_API_KEY");
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
    expect(raws(live(made.id), "pg_user")).toHaveLength(0);
    const view = (await (await conversation.GET(new Request("http://x"), ctx({ id: made.id }))).json()) as Conversation;
    expect(view.columns[0]!.status).toBe("idle");
  });
});
