import { mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ClientCapabilitiesConfig, ConnectionInput, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, FILESYSTEM, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";
import * as requestsRoute from "@/app/api/connections/[id]/requests/route";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";
import * as rootsRoute from "@/app/api/connections/[id]/roots/route";
import * as inboxRoute from "@/app/api/inbox/route";

// The singletons read LOUPE_DATA_DIR lazily, on first use below.
const data = tempDir("loupe-client-requests-");
process.env.LOUPE_DATA_DIR = data.dir;
const scratch = tempDir("loupe-roots-");

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const jsonRequest = (method: string, body: unknown) =>
  new Request(base + "/x", { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

let http: Awaited<ReturnType<typeof startEverythingHttp>>;

beforeAll(async () => {
  http = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  await getRegistry().closeAll();
  await http?.stop();
  data.cleanup();
  scratch.cleanup();
});

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function untilAsync(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function text(record: CallRecord): string {
  const content = (record.result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content.map((c) => c.text ?? "").join("\n");
}

/** Starts a tool call without awaiting it and waits for the request it makes Loupe answer. */
async function callUntilRequest(id: string, name: string, args: Record<string, unknown>) {
  const before = new Set(
    getClientRequests()
      .list({ connectionId: id })
      .map((r) => r.id),
  );
  const call = getRegistry().callTool(id, { name, arguments: args });
  let request: McpClientRequest | undefined;
  await until(() => {
    request = getClientRequests()
      .list({ connectionId: id })
      .find((r) => !before.has(r.id));
    return request !== undefined;
  });
  return { call, request: request! };
}

async function answer(id: string, requestId: string, body: unknown): Promise<Response> {
  return answerRoute.POST(jsonRequest("POST", body), ctx({ id, requestId }));
}

const ALL_OFF: ClientCapabilitiesConfig = { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, tasks: false };
const DEFAULTS: ClientCapabilitiesConfig = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, tasks: false };
const WITH_TASKS: ClientCapabilitiesConfig = { ...DEFAULTS, tasks: true };

type Input = Omit<ConnectionInput, "clientCapabilities" | "roots">;

const transports: { label: string; input: () => Input }[] = [
  { label: "stdio", input: () => stdioInput("everything", [EVERYTHING, "stdio"]) },
  {
    label: "Streamable HTTP",
    input: () => ({
      name: "everything-http",
      transport: "http",
      url: `http://127.0.0.1:${http.port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    }),
  },
];

describe.each(transports)("server-everything over $label", ({ input }) => {
  let id = "";
  const roots: RootEntry[] = [{ uri: "file:///srv/project-a", name: "Project A" }, { uri: "file:///srv/project-b" }];

  async function toolCount(): Promise<number> {
    return (await getRegistry().listTools(id, { refresh: true })).tools.length;
  }

  it("registers 13 tools with every capability off, 17 by default, 19 with tasks", async () => {
    const view = await getRegistry().create({ ...input(), clientCapabilities: ALL_OFF } as ConnectionInput);
    id = view.id;
    expect(view.state.status).toBe("connected");
    await untilAsync(async () => (await toolCount()) === 13);
    const names = (await getRegistry().listTools(id)).tools.map((t) => t.name);
    expect(names).not.toContain("trigger-sampling-request");

    expect((await getRegistry().update(id, { ...input(), clientCapabilities: WITH_TASKS } as ConnectionInput)).state.status).toBe(
      "connected",
    );
    await untilAsync(async () => (await toolCount()) === 19);
    expect((await getRegistry().listTools(id)).tools.map((t) => t.name)).toContain("trigger-sampling-request-async");

    const view2 = await getRegistry().update(id, { ...input(), clientCapabilities: DEFAULTS, roots } as ConnectionInput);
    expect(view2.state.status).toBe("connected");
    await untilAsync(async () => (await toolCount()) === 17);
  });

  it("holds a sampling request until it is answered through the route, then the call finishes with that text", async () => {
    const { call, request } = await callUntilRequest(id, "trigger-sampling-request", { prompt: "say hi", maxTokens: 20 });
    expect(request).toMatchObject({ kind: "sampling", status: "pending", connectionId: id, connectionName: input().name });
    expect(request.params).toMatchObject({
      messages: [{ role: "user", content: { type: "text", text: "Resource trigger-sampling-request context: say hi" } }],
      systemPrompt: "You are a helpful test server.",
      maxTokens: 20,
    });
    expect(request.sessionKey).toBe(getRegistry().connection(id).sessionKey);
    const listed = (await (await requestsRoute.GET(new Request(base), ctx({ id }))).json()) as McpClientRequest[];
    expect(listed[0]).toMatchObject({ id: request.id, status: "pending" });
    const inbox = (await (await inboxRoute.GET()).json()) as InboxRow[];
    expect(inbox.find((r) => r.source === "mcp" && r.id === request.id)?.status).toBe("pending");

    // An elicitation-shaped body is refused and the request stays pending.
    const bad = await answer(id, request.id, { action: "decline" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request:body");
    expect(getClientRequests().get(request.id)?.status).toBe("pending");

    const res = await answer(id, request.id, { action: "accept", text: "Hello from the human", model: "human-1" });
    expect(res.status).toBe(200);
    const answered = (await res.json()) as McpClientRequest;
    expect(answered).toMatchObject({
      status: "answered",
      answer: { body: { action: "accept", text: "Hello from the human", model: "human-1", stopReason: "endTurn" } },
    });
    const record = await call;
    expect(record.status).toBe("ok");
    expect(text(record)).toContain("Hello from the human");
    expect(text(record)).toContain("human-1");

    const again = await answer(id, request.id, { action: "accept", text: "twice" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("conflict:mcp_request");
    const states = getRegistry()
      .traffic(id, { limit: 10_000 })
      .filter((e) => e.kind === "mcp_request" && (e.raw as McpClientRequest).id === request.id)
      .map((e) => (e.raw as McpClientRequest).status);
    expect(states).toEqual(["pending", "answered"]);
  });

  it("rejects a sampling request with error -1 and the tool reports it", async () => {
    const { call, request } = await callUntilRequest(id, "trigger-sampling-request", { prompt: "no" });
    expect((await answer(id, request.id, { action: "reject", message: "Not today" })).status).toBe(200);
    const record = await call;
    expect(record.status).toBe("tool_error");
    expect(text(record)).toContain("Not today");
    const reply = getRegistry()
      .traffic(id, { limit: 10_000 })
      .find(
        (e) =>
          e.kind === "message" &&
          e.direction === "out" &&
          (e.raw as { id?: unknown }).id === request.jsonrpcId &&
          "error" in (e.raw as object),
      );
    expect((reply?.raw as { error: { code: number } }).error.code).toBe(-1);
  });

  it("answers a form elicitation with only the required field and the server sees the schema defaults", async () => {
    const { call, request } = await callUntilRequest(id, "trigger-elicitation-request", {});
    expect(request.kind).toBe("elicitation_form");
    expect(request.params).toHaveProperty("requestedSchema.required", ["name"]);

    const missing = await answer(id, request.id, { action: "accept", content: {} });
    expect(missing.status).toBe(400);
    const missingBody = await missing.json();
    expect(missingBody.error.code).toBe("bad_request:elicitation_content");
    expect(missingBody.error.message).toMatch(/name/);
    const outOfRange = await answer(id, request.id, { action: "accept", content: { name: "Ada", integer: 500 } });
    expect(outOfRange.status).toBe(400);
    expect(getClientRequests().get(request.id)?.status).toBe("pending");

    expect((await answer(id, request.id, { action: "accept", content: { name: "Ada" } })).status).toBe(200);
    const out = text(await call);
    expect(out).toContain("- Name: Ada");
    // Filled in by the SDK (elicitation.form.applyDefaults), not sent by Loupe.
    expect(out).toContain("- Favorite Integer: 42");
    expect(out).toContain("- Favorite Number: 3.14");
    expect(out).toContain('"firstLine": "It was a dark and stormy night."');
    expect(out).toContain('"untitledMultipleSelectEnum": [\n      "Guitar"\n    ]');
    expect(getClientRequests().get(request.id)?.answer?.body).toEqual({ action: "accept", content: { name: "Ada" } });
  });

  it("declines and cancels a form elicitation", async () => {
    const declined = await callUntilRequest(id, "trigger-elicitation-request", {});
    expect((await answer(id, declined.request.id, { action: "decline" })).status).toBe(200);
    expect(text(await declined.call)).toContain("User declined");
    const cancelled = await callUntilRequest(id, "trigger-elicitation-request", {});
    expect((await answer(id, cancelled.request.id, { action: "cancel" })).status).toBe(200);
    expect(text(await cancelled.call)).toContain("User cancelled the elicitation dialog");
  });

  it("accepts a URL elicitation after the user confirmed", async () => {
    const url = "https://example.com/verify?step=1";
    const { call, request } = await callUntilRequest(id, "trigger-url-elicitation", { url, message: "Verify your account" });
    expect(request.kind).toBe("elicitation_url");
    expect(request.params).toMatchObject({ mode: "url", url, message: "Verify your account" });
    expect((await answer(id, request.id, { action: "accept" })).status).toBe(200);
    const out = text(await call);
    expect(out).toContain("User completed the URL elicitation flow");
    expect(out).toContain(`URL: ${url}`);
  });

  it("answers roots/list with the configured roots and sends list_changed when they are edited", async () => {
    const first = text(await getRegistry().callTool(id, { name: "get-roots-list", arguments: {} }));
    expect(first).toContain("Current MCP Roots (2 total)");
    expect(first).toContain("Project A\n   URI: file:///srv/project-a");
    expect(first).toContain("Unnamed Root\n   URI: file:///srv/project-b");

    const res = await rootsRoute.PUT(jsonRequest("PUT", { roots: [{ uri: "file:///srv/other", name: "Other" }] }), ctx({ id }));
    expect(res.status).toBe(200);
    const view = (await res.json()) as ConnectionView;
    expect(view.roots).toEqual([{ uri: "file:///srv/other", name: "Other" }]);
    expect(view.state.status).toBe("connected");
    const sent = getRegistry()
      .traffic(id, { limit: 10_000 })
      .filter(
        (e) =>
          e.kind === "message" && e.direction === "out" && (e.raw as { method?: string }).method === "notifications/roots/list_changed",
      );
    expect(sent).toHaveLength(1);
    // server-everything re-requests roots on list_changed (after its first get-roots-list).
    await untilAsync(async () =>
      text(await getRegistry().callTool(id, { name: "get-roots-list", arguments: {} })).includes("file:///srv/other"),
    );
    const got = (await (await rootsRoute.GET(new Request(base), ctx({ id }))).json()) as {
      roots: RootEntry[];
      requests: { count: number };
    };
    expect(got.roots).toEqual([{ uri: "file:///srv/other", name: "Other" }]);
    expect(got.requests.count).toBeGreaterThanOrEqual(2);

    const bad = await rootsRoute.PUT(jsonRequest("PUT", { roots: [{ uri: "" }] }), ctx({ id }));
    expect(bad.status).toBe(400);
    expect(getRegistry().view(id).roots).toEqual([{ uri: "file:///srv/other", name: "Other" }]);
  });

  it("marks a pending request stale when the connection is disconnected, and answering it is a 409", async () => {
    const { call, request } = await callUntilRequest(id, "trigger-sampling-request", { prompt: "too late" });
    await getRegistry().disconnect(id);
    await until(() => getClientRequests().get(request.id)?.status === "stale");
    expect(getClientRequests().get(request.id)?.reason).toBe("The session ended: Disconnected by the user");
    expect((await call).status).toBe("failed");
    const res = await answer(id, request.id, { action: "accept", text: "anyone?" });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toContain("stale");
    expect((await answer(id, "no-such-request", { action: "accept", text: "x" })).status).toBe(404);
  });

  it("answers a task-augmented sampling request (tasks on) and the server polls the result", async () => {
    await getRegistry().update(id, { ...input(), clientCapabilities: WITH_TASKS } as ConnectionInput);
    await untilAsync(async () => (await toolCount()) === 19);
    const { call, request } = await callUntilRequest(id, "trigger-sampling-request-async", { prompt: "as a task" });
    expect(request.params).toHaveProperty("task.ttl", 300000);
    expect((await answer(id, request.id, { action: "accept", text: "Answered as a task" })).status).toBe(200);
    const record = await call;
    expect(record.status).toBe("ok");
    expect(text(record)).toContain("Answered as a task");
    expect(text(record)).toContain("completed");
  });
});

describe("server-filesystem started without directories", () => {
  it("lists the roots Loupe provides, and follows an edit of them", async () => {
    const a = realpathSync(scratch.dir);
    const b = path.join(a, "second");
    mkdirSync(b);
    const view = await getRegistry().create({
      ...stdioInput("fs-roots", [FILESYSTEM]),
      roots: [{ uri: pathToFileURL(a).href, name: "scratch" }],
    });
    expect(view.state.status).toBe("connected");
    const allowed = async () => text(await getRegistry().callTool(view.id, { name: "list_allowed_directories", arguments: {} }));
    await untilAsync(async () => (await allowed()).includes(a));
    const res = await rootsRoute.PUT(jsonRequest("PUT", { roots: [{ uri: pathToFileURL(b).href }] }), ctx({ id: view.id }));
    expect(res.status).toBe(200);
    await untilAsync(async () => {
      const out = await allowed();
      return out.includes(b) && !out.split("\n").includes(a);
    });
    expect(getClientRequests().rootsRequests(view.id).count).toBeGreaterThanOrEqual(2);
  });
});

describe("a request whose tools/call ended", () => {
  async function ended(id: string, requestId: string): Promise<McpClientRequest> {
    await until(() => getClientRequests().get(requestId)?.status !== "pending", 5_000);
    const inbox = (await (await inboxRoute.GET()).json()) as InboxRow[];
    const row = inbox.find((r) => r.source === "mcp" && r.id === requestId) as McpClientRequest | undefined;
    expect(row).toEqual({ source: "mcp", ...getClientRequests().get(requestId) });
    const late = await answer(id, requestId, { action: "accept", content: { name: "Ada" } });
    expect(late.status).toBe(409);
    expect((await late.json()).error).toMatchObject({
      code: "conflict:mcp_request",
      details: { status: "stale", staleCause: "call_ended" },
    });
    return row!;
  }

  it("goes stale saying the call was cancelled or timed out, in the inbox too, and can no longer be answered (409)", async () => {
    const { id } = await getRegistry().create(stdioInput("everything-call-ended", [EVERYTHING, "stdio"]));

    const cancelled = await callUntilRequest(id, "trigger-elicitation-request", {});
    expect(cancelled.request.relatedCall?.tool).toBe("trigger-elicitation-request");
    getRegistry().cancelCall(id, cancelled.request.relatedCall!.callId, "Changed my mind");
    expect((await cancelled.call).status).toBe("cancelled");
    expect(await ended(id, cancelled.request.id)).toMatchObject({
      status: "stale",
      staleCause: "call_ended",
      reason: "The call to trigger-elicitation-request ended: cancelled; the server no longer waits for this answer",
    });

    const before = new Set(
      getClientRequests()
        .list({ connectionId: id })
        .map((r) => r.id),
    );
    const timedOut = getRegistry().callTool(id, { name: "trigger-elicitation-request", arguments: {}, timeoutMs: 1_500 });
    await until(() =>
      getClientRequests()
        .list({ connectionId: id })
        .some((r) => !before.has(r.id)),
    );
    const request = getClientRequests()
      .list({ connectionId: id })
      .find((r) => !before.has(r.id))!;
    expect((await timedOut).status).toBe("timeout");
    expect(await ended(id, request.id)).toMatchObject({
      status: "stale",
      staleCause: "call_ended",
      reason: expect.stringMatching(/^The call to trigger-elicitation-request ended: timed out/),
    });
    await getRegistry().disconnect(id);
  }, 30_000);

  it("a request the tool did not wait for (its call finished) stays pending, and the answer reaches the server", async () => {
    const fixture = path.resolve(import.meta.dirname, "../fixtures/background-ask-server.mjs");
    const { id } = await getRegistry().create(stdioInput("background-ask", [fixture]));
    const asked = await callUntilRequest(id, "ask-later", {});
    // The case: Loupe ties the request to its call, which then finishes without waiting for it.
    expect(asked.request.relatedCall?.tool).toBe("ask-later");
    expect((await asked.call).status).toBe("ok");
    await new Promise((r) => setTimeout(r, 600));
    expect(getClientRequests().get(asked.request.id)?.status).toBe("pending");
    const res = await answer(id, asked.request.id, { action: "accept", content: { name: "Ada" } });
    expect(res.status).toBe(200);
    await untilAsync(async () => text(await getRegistry().callTool(id, { name: "last-answer", arguments: {} })).includes("Ada"));
    await getRegistry().disconnect(id);
  }, 30_000);
});
