import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
// Loupe's client is the SDK v2 Client (issue 13); the peer stays a v1 (2025-11-25) Server.
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CreateMessageResultSchema, CreateTaskResultSchema, ElicitResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CreateMessageRequestParams } from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilitiesConfig, ConnectionConfig } from "@/lib/contracts/connections";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { LoupeClient } from "@/lib/server/mcp/loupe-client";
import { ElicitationAnswer, SamplingAnswer } from "@/lib/contracts/mcp-requests";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";
import { Hub } from "@/lib/server/hub";
import { McpConnection } from "@/lib/server/mcp/connection";
import {
  SAMPLING_REJECTED_CODE,
  clientCapabilities,
  elicitationOutcome,
  getClientRequests,
  installClientRequestHandlers,
  parseAnswer,
  requestKind,
  rootsForWire,
  samplingOutcome,
  withSchemaDefaults,
} from "@/lib/server/mcp/requests";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

const samplingParams = JSON.parse(
  readFileSync(`${MCP_FIXTURES}/server-everything/fixture-sampling-createMessage-params.json`, "utf8"),
) as CreateMessageRequestParams;
const elicitation = JSON.parse(readFileSync(`${MCP_FIXTURES}/server-everything/fixture-elicitation-requestedSchema.json`, "utf8")) as {
  message: string;
  requestedSchema: Record<string, unknown>;
};
const elicitParams = { mode: "form", ...elicitation } as Record<string, unknown>;

describe("clientCapabilities", () => {
  it("declares nothing when every choice is off, and form defaults + listChanged roots by default", () => {
    const off: ClientCapabilitiesConfig = { sampling: false, elicitationForm: false, elicitationUrl: false, roots: false, tasks: false };
    expect(clientCapabilities(off)).toEqual({});
    expect(clientCapabilities(DEFAULT_CLIENT_CAPABILITIES)).toEqual({
      sampling: {},
      elicitation: { form: { applyDefaults: true }, url: {} },
      roots: { listChanged: true },
    });
    expect(clientCapabilities({ ...DEFAULT_CLIENT_CAPABILITIES, elicitationForm: false, tasks: true })).toEqual({
      sampling: {},
      elicitation: { url: {} },
      roots: { listChanged: true },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      // 2026-07-28: the Tasks extension (SEP-2663), sent in each request's clientCapabilities.
      extensions: { "io.modelcontextprotocol/tasks": {} },
    });
  });
});

describe("answer mapping", () => {
  it("classifies requests: sampling, elicitation form (also without mode) and url", () => {
    expect(requestKind("sampling/createMessage", samplingParams as unknown as Record<string, unknown>)).toBe("sampling");
    expect(requestKind("elicitation/create", elicitation)).toBe("elicitation_form");
    expect(requestKind("elicitation/create", { mode: "url", url: "https://x", message: "m", elicitationId: "1" })).toBe("elicitation_url");
  });

  it("turns an accepted sampling answer into a valid CreateMessageResult with the defaults of the contract", () => {
    const outcome = samplingOutcome(SamplingAnswer.parse({ action: "accept", text: "hi" }));
    expect("result" in outcome && CreateMessageResultSchema.parse(outcome.result)).toEqual({
      role: "assistant",
      content: { type: "text", text: "hi" },
      model: "loupe-human",
      stopReason: "endTurn",
    });
  });

  it("turns a rejection into JSON-RPC error -1 with the user's message", () => {
    const outcome = samplingOutcome(SamplingAnswer.parse({ action: "reject" }));
    expect("error" in outcome && outcome.error).toBeInstanceOf(McpError);
    expect("error" in outcome && outcome.error.code).toBe(SAMPLING_REJECTED_CODE);
    expect("error" in outcome && outcome.error.message).toContain("The user rejected the sampling request");
  });

  it("refuses an answer body of the wrong kind with 400 bad_request:body", () => {
    expect(() => parseAnswer("sampling", { action: "decline" })).toThrow(AppError);
    expect(() => parseAnswer("elicitation_form", { action: "accept", text: "x" })).not.toThrow();
    try {
      parseAnswer("elicitation_url", { action: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).code).toBe("bad_request:body");
      expect((error as AppError).status).toBe(400);
    }
  });

  it("fills in schema defaults only where the answer left a field out", () => {
    const merged = withSchemaDefaults(elicitation.requestedSchema, { name: "Ada", integer: 7 });
    expect(merged).toMatchObject({
      name: "Ada",
      integer: 7,
      number: 3.14,
      firstLine: "It was a dark and stormy night.",
      untitledMultipleSelectEnum: ["Guitar"],
      titledMultipleSelectEnum: ["fish-1"],
      legacyTitledEnum: "pet-1",
    });
    expect(merged).not.toHaveProperty("email");
  });

  it("validates form content against the requested schema, with defaults applied, and sends it as given", () => {
    const ok = elicitationOutcome(ElicitationAnswer.parse({ action: "accept", content: { name: "Ada" } }), elicitParams);
    expect("result" in ok && ElicitResultSchema.parse(ok.result)).toEqual({ action: "accept", content: { name: "Ada" } });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /name/],
      [{ name: "Ada", email: "not-an-email" }, /email/],
      [{ name: "Ada", integer: 101 }, /integer/],
      [{ name: "Ada", untitledMultipleSelectEnum: ["Guitar", "Piano", "Violin", "Drums"] }, /untitledMultipleSelectEnum/],
      [{ name: "Ada", titledSingleSelectEnum: "hero-9" }, /titledSingleSelectEnum/],
      // Fits the schema (extra keys are allowed) but not the wire: the SDK would refuse it after the fact.
      [{ name: "Ada", extra: { deep: 1 } }, /\/extra: elicitation values must be/],
    ];
    for (const [content, pattern] of cases) {
      try {
        elicitationOutcome({ action: "accept", content }, elicitParams);
        expect.unreachable(JSON.stringify(content));
      } catch (error) {
        expect((error as AppError).code).toBe("bad_request:elicitation_content");
        expect((error as AppError).message).toMatch(pattern);
      }
    }
  });

  it("sends decline / cancel without content, and url-mode accept without content", () => {
    expect(elicitationOutcome({ action: "decline" }, elicitParams)).toEqual({ result: { action: "decline" } });
    expect(elicitationOutcome({ action: "cancel" }, elicitParams)).toEqual({ result: { action: "cancel" } });
    const url = { mode: "url", url: "https://x", message: "m", elicitationId: "1" };
    expect(elicitationOutcome({ action: "accept", content: { stray: 1 } }, url)).toEqual({ result: { action: "accept" } });
  });

  it("answers roots with a name only when there is one", () => {
    expect(rootsForWire([{ uri: "file:///a", name: "A" }, { uri: "file:///b", name: "" }, { uri: "file:///c" }])).toEqual([
      { uri: "file:///a", name: "A" },
      { uri: "file:///b" },
      { uri: "file:///c" },
    ]);
  });
});

describe("handlers against an in-process SDK server", () => {
  const data = tempDir("loupe-mcp-requests-");
  let hub: Hub;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(() => {
    hub = new Hub(openStore(data.dir));
  });
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c()));
  });
  afterAll(() => {
    hub.store.close();
    data.cleanup();
  });

  async function pair(choice: ClientCapabilitiesConfig) {
    const config: ConnectionConfig = {
      id: `conn-${Math.random().toString(36).slice(2)}`,
      createdAt: Date.now(),
      name: "in-process",
      transport: "stdio",
      command: "none",
      args: [],
      env: {},
      requestTimeoutMs: 5_000,
      clientCapabilities: choice,
      roots: [{ uri: "file:///work", name: "work" }],
    };
    const conn = new McpConnection(config, hub);
    const client = new LoupeClient({ name: "loupe", version: "0" }, { capabilities: clientCapabilities(choice) });
    installClientRequestHandlers(conn, client, conn.generation);
    const server = new Server({ name: "peer", version: "0" }, { capabilities: {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    await client.connect(b);
    closers.push(async () => {
      await client.close();
      await server.close();
    });
    return { conn, server };
  }

  async function pendingOf(connectionId: string): Promise<McpClientRequest> {
    for (let i = 0; i < 200; i++) {
      const found = getClientRequests()
        .list({ connectionId })
        .find((r) => r.status === "pending");
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("no pending request");
  }

  it("keeps the fixture's params, records every change and returns the answer to the server", async () => {
    const { conn, server } = await pair(DEFAULT_CLIENT_CAPABILITIES);
    const result = server.createMessage(samplingParams);
    const request = await pendingOf(conn.id);
    expect(request.params).toEqual(samplingParams);
    expect(request.kind).toBe("sampling");
    await getClientRequests().answer(conn.id, request.id, { action: "accept", text: "hi there", model: "m-1" });
    await expect(result).resolves.toEqual({
      role: "assistant",
      content: { type: "text", text: "hi there" },
      model: "m-1",
      stopReason: "endTurn",
    });
    const recorded = hub
      .list(conn.id, { limit: 100 })
      .filter((e) => e.kind === "mcp_request")
      .map((e) => (e.raw as McpClientRequest).status);
    expect(recorded).toEqual(["pending", "answered"]);
  });

  // JSON-RPC id 0: the SDK's own cancel handling ignores it (Protocol._oncancel tests `!requestId`).
  it("marks the request stale with the server's reason when the server cancels it (its timeout)", async () => {
    const { conn, server } = await pair(DEFAULT_CLIENT_CAPABILITIES);
    const result = server.createMessage(samplingParams, { timeout: 150 });
    const request = await pendingOf(conn.id);
    await expect(result).rejects.toThrow(/timed out/i);
    for (let i = 0; i < 100 && getClientRequests().get(request.id)?.status === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const stale = getClientRequests().get(request.id);
    expect(stale?.status).toBe("stale");
    expect(stale?.reason).toMatch(/^The server cancelled the request: .*timed out/i);
    await expect(getClientRequests().answer(conn.id, request.id, { action: "accept", text: "late" })).rejects.toMatchObject({
      code: "conflict:mcp_request",
    });

    // A later request (id 1) cancelled with a reason of the server's own.
    const controller = new AbortController();
    const second = server.createMessage(samplingParams, { signal: controller.signal });
    const secondRequest = await pendingOf(conn.id);
    expect(secondRequest.jsonrpcId).toBe(1);
    controller.abort("the tool gave up");
    await expect(second).rejects.toThrow();
    for (let i = 0; i < 100 && getClientRequests().get(secondRequest.id)?.status === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(getClientRequests().get(secondRequest.id)).toMatchObject({
      status: "stale",
      reason: "The server cancelled the request: the tool gave up",
    });
  });

  it("applies schema defaults to accepted form content (elicitation.form.applyDefaults)", async () => {
    const { conn, server } = await pair(DEFAULT_CLIENT_CAPABILITIES);
    const result = server.elicitInput({ message: elicitation.message, requestedSchema: elicitation.requestedSchema as never });
    const request = await pendingOf(conn.id);
    await getClientRequests().answer(conn.id, request.id, { action: "accept", content: { name: "Ada" } });
    const got = await result;
    expect(got.content).toMatchObject({ name: "Ada", integer: 42, number: 3.14, untitledSingleSelectEnum: "Monica" });
    expect(got.content).not.toHaveProperty("check");
    expect(got.content?.firstLine).toBe("It was a dark and stormy night.");
  });

  it("answers a task-augmented request with a clear error when tasks are off, without an inbox item", async () => {
    const { conn, server } = await pair(DEFAULT_CLIENT_CAPABILITIES);
    const before = getClientRequests().list({ connectionId: conn.id }).length;
    await expect(
      server.request({ method: "sampling/createMessage", params: { ...samplingParams, task: { ttl: 1000 } } }, CreateTaskResultSchema),
    ).rejects.toThrow(/task/i);
    expect(getClientRequests().list({ connectionId: conn.id })).toHaveLength(before);
  });

  it("runs a task-augmented request as a task when tasks are on: tasks/get, tasks/result, tasks/cancel", async () => {
    const { conn, server } = await pair({ ...DEFAULT_CLIENT_CAPABILITIES, tasks: true });
    const created = await server.request(
      { method: "sampling/createMessage", params: { ...samplingParams, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    expect(created.task).toMatchObject({ status: "working", ttl: 60_000 });
    const taskId = created.task.taskId;
    const request = await pendingOf(conn.id);
    const polled = await server.request({ method: "tasks/get", params: { taskId } }, CreateTaskResultSchema.shape.task);
    expect(polled.status).toBe("working");
    const payload = server.request({ method: "tasks/result", params: { taskId } }, CreateMessageResultSchema);
    await getClientRequests().answer(conn.id, request.id, { action: "accept", text: "from a task" });
    expect((await payload).content).toEqual({ type: "text", text: "from a task" });
    expect((await server.request({ method: "tasks/get", params: { taskId } }, CreateTaskResultSchema.shape.task)).status).toBe("completed");

    const second = await server.request(
      { method: "sampling/createMessage", params: { ...samplingParams, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    const secondRequest = await pendingOf(conn.id);
    const cancelled = await server.request(
      { method: "tasks/cancel", params: { taskId: second.task.taskId } },
      CreateTaskResultSchema.shape.task,
    );
    expect(cancelled.status).toBe("cancelled");
    expect(getClientRequests().get(secondRequest.id)).toMatchObject({ status: "stale", reason: "The server cancelled the task" });
    await expect(server.request({ method: "tasks/get", params: { taskId: "nope" } }, CreateTaskResultSchema.shape.task)).rejects.toThrow(
      /Task not found/,
    );
  });

  it("answers roots/list from the connection's config", async () => {
    const { conn, server } = await pair(DEFAULT_CLIENT_CAPABILITIES);
    const before = getClientRequests().rootsRequests(conn.id).count;
    expect(await server.listRoots()).toEqual({ roots: [{ uri: "file:///work", name: "work" }] });
    conn.config = { ...conn.config, roots: [] };
    expect(await server.listRoots()).toEqual({ roots: [] });
    expect(getClientRequests().rootsRequests(conn.id).count).toBe(before + 2);
  });
});
