import { describe, expect, it } from "vitest";
import type { Conversation, PgModelResponse, PgToolCall, PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { Playground } from "@/lib/server/playground";
import { defaultDeps } from "@/lib/server/playground/default-deps";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import * as conversations from "@/app/api/playground/conversations/route";
import * as conversation from "@/app/api/playground/conversations/[id]/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import * as stop from "@/app/api/playground/conversations/[id]/stop/route";
import * as columns from "@/app/api/playground/conversations/[id]/columns/route";
import * as column from "@/app/api/playground/conversations/[id]/columns/[columnId]/route";
import * as entriesRoute from "@/app/api/playground/conversations/[id]/entries/route";
import * as draft from "@/app/api/connections/[id]/requests/[requestId]/draft/route";
import * as answerRequest from "@/app/api/connections/[id]/requests/[requestId]/route";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { waitFor, raws, live, ctx, playgroundDataDir, openAiKey, usePeers } from "@/tests/support/playground";

/** The playground's routes: shapes, 4xx codes, stop, column replay, and a turn cut off by a stopped Loupe. */

const data = playgroundDataDir("loupe-playground-routes-");
const KEY = openAiKey("test-key-playground-routes");

const base = "http://127.0.0.1:3000";
const req = (method: string, body?: unknown) =>
  new Request(base + "/x", {
    method,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    headers: { "content-type": "application/json" },
  });

let everything = "";
let fake: FakeProvider;

usePeers(KEY, data, (peers) => ({ everything, fake } = peers), { drained: true });

const turnEnd = (id: string, columnId: string, turn: number) =>
  waitFor(`turn ${turn} of ${columnId}`, () =>
    raws<PgTurn>(live(id), "pg_turn", columnId).find((t) => t.turn === turn && t.status !== "running"),
  );
const pending = (id: string): ToolApproval[] =>
  getApprovals()
    .list({ status: "pending" })
    .filter((a) => a.origin.kind === "playground" && a.origin.conversationId === id);

const columnConfig = () => ({ provider: "openai" as const, model: "gpt-4o-mini", baseUrl: fake.baseUrl });

async function create(extra: Record<string, unknown> = {}): Promise<Conversation> {
  const res = await conversations.POST(
    req("POST", { servers: [{ connectionId: everything, tools: ["get-sum"] }], policy: "always", columns: [columnConfig()], ...extra }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as Conversation;
}

describe("playground routes", () => {
  it("creates, lists, gets, patches and deletes a conversation; unknown ids and bad bodies are 4xx", async () => {
    const made = await create({ title: "First" });
    expect(made).toMatchObject({ title: "First", policy: "always", systemPrompt: "", toolPolicies: {} });
    expect(made.columns).toHaveLength(1);
    expect(made.columns[0]).toMatchObject({
      status: "idle",
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      config: { strict: false, maxSteps: 20 },
    });
    const list = (await (await conversations.GET()).json()) as Conversation[];
    expect(list.map((c) => c.id)).toContain(made.id);

    const patched = await conversation.PATCH(req("PATCH", { title: "Renamed", systemPrompt: "Be brief." }), ctx({ id: made.id }));
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ title: "Renamed", systemPrompt: "Be brief.", policy: "always" });
    expect(await (await conversation.GET(req("GET"), ctx({ id: made.id }))).json()).toMatchObject({ title: "Renamed" });

    const cases: [Promise<Response>, number, string][] = [
      [conversation.GET(req("GET"), ctx({ id: "nope" })), 404, "not_found:conversation"],
      [messages.POST(req("POST", { text: "hi" }), ctx({ id: "nope" })), 404, "not_found:conversation"],
      [messages.POST(req("POST", { text: "" }), ctx({ id: made.id })), 400, "bad_request:body"],
      [messages.POST(req("POST", "{not json"), ctx({ id: made.id })), 400, "bad_request:json"],
      [messages.POST(req("POST", { text: "hi", columnIds: ["nope"] }), ctx({ id: made.id })), 404, "not_found:playground_column"],
      [conversations.POST(req("POST", { columns: [] })), 400, "bad_request:body"],
      [conversations.POST(req("POST", { columns: [{ provider: "nobody", model: "x" }] })), 400, "bad_request:body"],
      [column.DELETE(req("DELETE"), ctx({ id: made.id, columnId: made.columns[0]!.id })), 409, "conflict:playground_columns"],
      [column.PATCH(req("PATCH", { config: columnConfig() }), ctx({ id: made.id, columnId: "nope" })), 404, "not_found:playground_column"],
      [entriesRoute.GET(new Request(`${base}/x?limit=0`), ctx({ id: made.id })), 400, "bad_request:query"],
      [stop.POST(req("POST", {}), ctx({ id: "nope" })), 404, "not_found:conversation"],
    ];
    for (const [response, status, code] of cases) {
      const res = await response;
      expect({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code }).toEqual({ status, code });
    }

    expect((await conversation.DELETE(req("DELETE"), ctx({ id: made.id }))).status).toBe(204);
    expect((await conversation.GET(req("GET"), ctx({ id: made.id }))).status).toBe(404);
    const removed = raws<{ removed?: boolean }>(live(made.id), "pg_conversation").at(-1);
    expect(removed?.removed).toBe(true);
  });

  it("a second message while the column runs is 409; stop makes the pending approval stale and ends the turn stopped", async () => {
    const made = await create();
    const columnId = made.columns[0]!.id;
    fake.enqueue({ toolCalls: [{ name: "get-sum", arguments: { a: 1, b: 2 } }] });
    expect((await messages.POST(req("POST", { text: "add" }), ctx({ id: made.id }))).status).toBe(202);
    const [approval] = await waitFor("the approval", () => (pending(made.id).length === 1 ? pending(made.id) : undefined));
    const busy = await messages.POST(req("POST", { text: "again" }), ctx({ id: made.id }));
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe("conflict:playground_running");
    const now = (await (await conversation.GET(req("GET"), ctx({ id: made.id }))).json()) as Conversation;
    expect(now.columns[0]!.status).toBe("awaiting_approval");

    expect((await stop.POST(req("POST", {}), ctx({ id: made.id }))).status).toBe(200);
    expect((await turnEnd(made.id, columnId, 1)).status).toBe("stopped");
    expect(getApprovals().get(approval!.id)).toMatchObject({ status: "stale", reason: "The playground turn was stopped" });
    expect(raws<PgToolCall>(live(made.id), "pg_tool_call").at(-1)).toMatchObject({ status: "failed", approvalId: approval!.id });
    await waitFor("the column idle", () => raws<{ column: PlaygroundColumn }>(live(made.id), "pg_column").at(-1)?.column.status === "idle");

    // The next turn's history gives the unfinished call a result, so the provider accepts it.
    fake.enqueue({ text: "OK." });
    expect((await messages.POST(req("POST", { text: "never mind" }), ctx({ id: made.id }))).status).toBe(202);
    expect((await turnEnd(made.id, columnId, 2)).status).toBe("done");
    const sent = fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(JSON.stringify(sent.messages[2])).toContain("The playground turn was stopped");
  });

  it("stop aborts a model request that is still streaming", async () => {
    const made = await create();
    const columnId = made.columns[0]!.id;
    fake.enqueue({ text: "one two three four five six seven eight nine ten eleven twelve", chunkDelayMs: 300 });
    expect((await messages.POST(req("POST", { text: "count" }), ctx({ id: made.id }))).status).toBe(202);
    await waitFor("a streamed delta", () => raws(live(made.id), "pg_model_stream").length > 0);
    await stop.POST(req("POST", { columnIds: [columnId] }), ctx({ id: made.id }));
    expect((await turnEnd(made.id, columnId, 1)).status).toBe("stopped");
    const [response] = raws<PgModelResponse>(live(made.id), "pg_model_response");
    expect(response).toMatchObject({ status: "error", error: { message: "Stopped by the user" }, stopped: true });
    expect(response!.text.length).toBeLessThan("one two three four five six seven eight nine ten eleven twelve".length);
  });

  it("adds a column that replays the earlier user messages, patches and removes it", async () => {
    const made = await create({ policy: "never" });
    const first = made.columns[0]!.id;
    fake.enqueue({ text: "Hello there." });
    await messages.POST(req("POST", { text: "Hi" }), ctx({ id: made.id }));
    expect((await turnEnd(made.id, first, 1)).status).toBe("done");

    fake.enqueue({ text: "Hi from the second column." });
    const added = await columns.POST(req("POST", { config: { ...columnConfig(), model: "gpt-4.1" } }), ctx({ id: made.id }));
    expect(added.status).toBe(201);
    const second = (await added.json()) as PlaygroundColumn;
    expect(second.config.model).toBe("gpt-4.1");
    expect((await turnEnd(made.id, second.id, 1)).status).toBe("done");
    const replayed = raws<{ turn: number; text: string }>(live(made.id), "pg_user", second.id);
    expect(replayed).toEqual([{ turn: 1, text: "Hi" }]);
    expect(fake.requests.at(-1)!.model).toBe("gpt-4.1");

    const patched = await column.PATCH(
      req("PATCH", { config: { ...columnConfig(), model: "gpt-4o" } }),
      ctx({ id: made.id, columnId: second.id }),
    );
    expect(((await patched.json()) as PlaygroundColumn).config.model).toBe("gpt-4o");
    expect((await column.DELETE(req("DELETE"), ctx({ id: made.id, columnId: second.id }))).status).toBe(204);
    const after = (await (await conversation.GET(req("GET"), ctx({ id: made.id }))).json()) as Conversation;
    expect(after.columns.map((c) => c.id)).toEqual([first]);
    expect(after.columns[0]!.usage.inputTokens).toBeGreaterThan(0);
  });

  it("a turn running when Loupe stopped is marked stopped when the playground opens the file again", async () => {
    const made = await create();
    const columnId = made.columns[0]!.id;
    fake.enqueue({ toolCalls: [{ name: "get-sum", arguments: { a: 4, b: 4 } }] });
    await messages.POST(req("POST", { text: "add" }), ctx({ id: made.id }));
    await waitFor("the approval", () => pending(made.id).length === 1);
    // What a new process finds in the file: the column's turn still marked running.
    const reopened = new Playground(getHub(), defaultDeps());
    const turn = raws<PgTurn>(live(made.id), "pg_turn").at(-1)!;
    expect(turn).toMatchObject({ turn: 1, status: "stopped", error: "Loupe stopped during this turn" });
    expect(raws<PgToolCall>(live(made.id), "pg_tool_call").at(-1)).toMatchObject({
      status: "failed",
      error: "Loupe stopped during this turn",
    });
    expect(reopened.get(made.id).columns[0]!.status).toBe("idle");
    // Clean up the turn this process still runs.
    await stop.POST(req("POST", {}), ctx({ id: made.id }));
    await waitFor(
      "the live turn's end",
      () => raws<PgTurn>(live(made.id), "pg_turn", columnId).filter((t) => t.status === "stopped").length === 2,
    );
  });

  it("a server's sampling request during a run is drafted by the column's model; the user's answer sends it", async () => {
    const made = await create({ policy: "never", servers: [{ connectionId: everything, tools: ["trigger-sampling-request"] }] });
    const columnId = made.columns[0]!.id;
    fake.enqueue({ toolCalls: [{ name: "trigger-sampling-request", arguments: { prompt: "a haiku about tides", maxTokens: 50 } }] });
    await messages.POST(req("POST", { text: "ask the server" }), ctx({ id: made.id }));
    const request = await waitFor("the sampling request", () =>
      getClientRequests()
        .list({ connectionId: everything })
        .find((r) => r.kind === "sampling" && r.status === "pending"),
    );
    fake.enqueue({ text: "Tides pull and return." });
    const bad = await draft.POST(req("POST", { conversationId: made.id }), ctx({ id: everything, requestId: request.id }));
    expect(bad.status).toBe(400);
    const missing = await draft.POST(req("POST", { conversationId: made.id, columnId }), ctx({ id: everything, requestId: "nope" }));
    expect(missing.status).toBe(404);
    const res = await draft.POST(req("POST", { conversationId: made.id, columnId }), ctx({ id: everything, requestId: request.id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: "Tides pull and return.", model: "gpt-4o-mini" });
    // The provider got the server's messages, system prompt and token cap.
    const sent = fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[]; max_tokens?: number };
    expect(sent.messages[0]).toEqual({ role: "system", content: "You are a helpful test server." });
    expect(JSON.stringify(sent.messages[1])).toContain("a haiku about tides");
    expect(sent.max_tokens).toBe(50);
    const [drafted] = raws<{ requestId: string; text: string }>(live(made.id), "pg_sampling_draft", columnId);
    expect(drafted).toMatchObject({ requestId: request.id, text: "Tides pull and return." });
    // Still pending: only the user's answer goes to the server.
    expect(getClientRequests().get(request.id)?.status).toBe("pending");

    fake.enqueue({ text: "The server liked it." });
    const answered = await answerRequest.POST(
      req("POST", { action: "accept", text: "Tides pull and return.", model: "gpt-4o-mini" }),
      ctx({ id: everything, requestId: request.id }),
    );
    expect(answered.status).toBe(200);
    expect((await turnEnd(made.id, columnId, 1)).status).toBe("done");
    const call = raws<PgToolCall>(live(made.id), "pg_tool_call").at(-1)!;
    expect(call.status).toBe("ok");
    expect(JSON.stringify(call.result)).toContain("Tides pull and return.");
  });

  it("stop cancels a tool call that is running on the server", async () => {
    const made = await create({ policy: "never", servers: [{ connectionId: everything, tools: ["trigger-long-running-operation"] }] });
    const columnId = made.columns[0]!.id;
    fake.enqueue({ toolCalls: [{ name: "trigger-long-running-operation", arguments: { duration: 20, steps: 20 } }] });
    await messages.POST(req("POST", { text: "run long" }), ctx({ id: made.id }));
    const running = await waitFor("the running call", () =>
      raws<PgToolCall>(live(made.id), "pg_tool_call").find((c) => c.status === "running"),
    );
    await stop.POST(req("POST", {}), ctx({ id: made.id }));
    expect((await turnEnd(made.id, columnId, 1)).status).toBe("stopped");
    const last = raws<PgToolCall>(live(made.id), "pg_tool_call").at(-1)!;
    expect(last).toMatchObject({ status: "failed", callId: running.callId });
    expect(last.error).toContain("The playground turn was stopped");
    const record = getRegistry().getCall(everything, running.callId!);
    expect(record).toMatchObject({ status: "cancelled", origin: { kind: "playground", conversationId: made.id, columnId } });
    // Loupe told the server: notifications/cancelled for the call's request id.
    const cancelled = getHub()
      .list(everything, { limit: 5000 })
      .filter((e) => e.kind === "message" && (e.raw as { method?: string }).method === "notifications/cancelled")
      .map((e) => (e.raw as { params: { requestId: unknown } }).params.requestId);
    expect(cancelled).toContain(record.requestId);
  });
});
