import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { connectDemoV2 } from "./mcp/connect-v2";
import { demoServerLaunch } from "./mcp/launch";
import { createDemoRuntime } from "./mcp/server";
import { serveDemoHttp } from "./mcp/serve-http";
import type { DemoHttpServer } from "./mcp/serve-http";

/**
 * rebook-all, the demo's long-running tool, in every way a client can meet it: as a task of the
 * Tasks extension (SEP-2663) on 2026-07-28 over HTTP and stdio — raw JSON-RPC, since the SDK
 * client refuses `resultType: "task"` — and inline (the extension not declared) through the SDK v2
 * client in both eras, where its mid-way question is an MRTR round or an elicitation request.
 */

const EXT = "io.modelcontextprotocol/tasks";
let http: DemoHttpServer;

beforeAll(async () => {
  // Port 0: the OS picks a free port, so no other test file running at the same time can hold it.
  http = await serveDemoHttp(createDemoRuntime(), { port: 0 });
});
afterAll(async () => {
  await http?.close();
});

type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
type Send = (method: string, params: Record<string, unknown>, declare?: boolean) => Promise<Answer>;

const envelope = (declare: boolean) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": declare ? { elicitation: { form: {} }, extensions: { [EXT]: {} } } : {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
});

let nextId = 1;
const httpSend: Send = async (method, params, declare = true) => {
  const name = typeof params.taskId === "string" ? params.taskId : typeof params.name === "string" ? params.name : undefined;
  const response = await fetch(http.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: envelope(declare) } }),
  });
  return (await response.json()) as Answer;
};

/** The demo over stdio, spoken to line by line; notifications are kept for the test to read. */
function stdioPeer() {
  const launch = demoServerLaunch();
  const child: ChildProcessWithoutNullStreams = spawn(launch.command, launch.args, {
    env: { ...process.env, ...launch.env },
    stdio: "pipe",
  });
  const waiting = new Map<number, (answer: Answer) => void>();
  const notifications: { method: string; params: Record<string, unknown> }[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line) as Answer & { id?: number; method?: string; params?: Record<string, unknown> };
    if (message.id !== undefined && waiting.has(message.id)) waiting.get(message.id)!(message);
    else if (message.method) notifications.push({ method: message.method, params: message.params ?? {} });
  });
  const send: Send = (method, params, declare = true) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope(declare) } })}\n`);
    });
  return { send, notifications, close: () => child.kill() };
}

async function until(send: Send, taskId: string, done: (task: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const { result } = await send("tasks/get", { taskId });
    if (result && done(result)) return result;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${taskId} never reached the expected state`);
}

const resultText = (result: unknown) => ((result as CallToolResult).content ?? []).map((c) => (c.type === "text" ? c.text : "")).join("\n");

/** The whole extension flow: a task, its question, the answer, the result; then a cancel. */
async function runsAsTask(send: Send) {
  const created = await send("tools/call", { name: "rebook-all", arguments: { passengers: 4, stepMs: 40 } });
  expect(created.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 1_800_000, pollIntervalMs: 250 });
  expect(created.result).not.toHaveProperty("result");
  const taskId = String(created.result!.taskId);

  const asking = await until(send, taskId, (t) => t.status === "input_required");
  expect(asking).toMatchObject({ resultType: "complete", statusMessage: "Waiting for your answer" });
  const question = (asking.inputRequests as Record<string, { method: string; params: { message: string } }>).seating;
  expect(question?.method).toBe("elicitation/create");
  expect(question?.params.message).toContain("2 of 4 passengers are rebooked");

  const ack = await send("tasks/update", { taskId, inputResponses: { seating: { action: "accept", content: { seating: "together" } } } });
  expect(ack.result).toEqual({ resultType: "complete" });
  const done = await until(send, taskId, (t) => t.status === "completed");
  expect(resultText(done.result)).toContain("Rebooked 4 passengers from LP 204 (rest seated together)");

  const slow = await send("tools/call", { name: "rebook-all", arguments: { passengers: 4, stepMs: 10_000 } });
  const slowId = String(slow.result!.taskId);
  expect((await send("tasks/cancel", { taskId: slowId })).result).toEqual({ resultType: "complete" });
  expect((await send("tasks/get", { taskId: slowId })).result).toMatchObject({ status: "cancelled" });
  // Without the extension declared on the request, the task surface is refused.
  expect((await send("tasks/get", { taskId: slowId }, false)).error).toMatchObject({ code: -32021 });
  expect((await send("tasks/get", { taskId: "no-such-task" })).error).toMatchObject({ code: -32602 });
  return taskId;
}

describe("rebook-all as a task of the Tasks extension (2026-07-28)", () => {
  it("over HTTP: discover declares the extension; task, question, tasks/update, result, cancel", async () => {
    const discover = await httpSend("server/discover", {});
    expect((discover.result!.capabilities as Record<string, Record<string, unknown>>).extensions).toHaveProperty([EXT]);
    expect(discover.result!.capabilities).not.toHaveProperty("tasks");
    await runsAsTask(httpSend);
  });

  it("over HTTP: a tasks/get whose Mcp-Name is another task is refused (-32020, 400)", async () => {
    const created = await httpSend("tools/call", { name: "rebook-all", arguments: { stepMs: 5_000 } });
    const taskId = String(created.result!.taskId);
    const response = await fetch(http.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tasks/get",
        "mcp-name": "other",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tasks/get", params: { taskId, _meta: envelope(true) } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).error?.code).toBe(-32020);
    await httpSend("tasks/cancel", { taskId });
  });

  it("over stdio: the same flow, with notifications/tasks for every status change of the task", async () => {
    const peer = stdioPeer();
    try {
      const taskId = await runsAsTask(peer.send);
      const statuses = peer.notifications
        .filter((n) => n.method === "notifications/tasks" && n.params.taskId === taskId)
        .map((n) => n.params.status);
      expect(statuses).toContain("input_required");
      expect(statuses.at(-1)).toBe("completed");
    } finally {
      peer.close();
    }
  });
});

const GROUP = { passengers: 2, stepMs: 10 };
for (const transport of ["stdio", "HTTP"] as const) {
  for (const era of ["auto", "legacy"] as const) {
    describe(`rebook-all inline over ${transport}, client era ${era} (no tasks extension)`, () => {
      let client: Client;
      const asked: string[] = [];
      beforeAll(async () => {
        client = await connectDemoV2({
          era,
          url: transport === "HTTP" ? http.url : undefined,
          capabilities: { elicitation: { form: {} } },
          setup: (c) =>
            c.setRequestHandler("elicitation/create", (request) => {
              asked.push(String(request.params.message));
              return { action: "accept", content: { seating: "together" } };
            }),
        });
      });
      afterAll(async () => {
        await client?.close();
      });

      it("asks its mid-way question through the client and finishes with the answer", async () => {
        const result = await client.callTool({ name: "rebook-all", arguments: GROUP });
        expect(resultText(result)).toContain("Rebooked 2 passengers from LP 204 (rest seated together)");
        expect(asked[0]).toContain("1 of 2 passengers are rebooked");
        // 2025-11-25 lists the tool's task support; 2026-07-28 has no such field (tasks are an extension).
        const listed = (await client.listTools()).tools.find((t) => t.name === "rebook-all");
        if (era === "legacy") expect(listed?.execution).toMatchObject({ taskSupport: "optional" });
        else expect(listed?.execution?.taskSupport).toBeUndefined();
      });
    });
  }
}

/** Any result: the SDK client has no 2025-11-25 task helpers for a hand-built server, so the test reads the wire. */
const Any = z.record(z.string(), z.unknown());

for (const transport of ["stdio", "HTTP"] as const) {
  describe(`rebook-all as a 2025-11-25 task over ${transport}`, () => {
    let client: Client;
    const asked: { message: string; related: unknown }[] = [];
    beforeAll(async () => {
      client = await connectDemoV2({
        era: "legacy",
        url: transport === "HTTP" ? http.url : undefined,
        capabilities: { elicitation: { form: {} } },
        setup: (c) =>
          c.setRequestHandler("elicitation/create", (request) => {
            asked.push({
              message: String(request.params.message),
              related: request.params._meta?.["io.modelcontextprotocol/related-task"],
            });
            return { action: "accept", content: { seating: "earliest" } };
          }),
      });
    });
    afterAll(async () => {
      await client?.close();
    });

    it("declares tasks; a task-augmented call creates a task whose question reaches the client; tasks/result, list, cancel", async () => {
      expect(client.getServerCapabilities()?.tasks).toMatchObject({ requests: { tools: { call: {} } }, list: {}, cancel: {} });
      const created = await client.request(
        { method: "tools/call", params: { name: "rebook-all", arguments: { passengers: 2, stepMs: 20 }, task: { ttl: 60_000 } } },
        Any,
      );
      const task = created.task as { taskId: string; status: string; ttl: number };
      expect(task).toMatchObject({ status: "working", ttl: 1_800_000, pollInterval: 250 });
      const result = await client.request({ method: "tasks/result", params: { taskId: task.taskId } }, Any);
      expect(resultText(result)).toContain("Rebooked 2 passengers from LP 204 (rest seated earliest)");
      expect(result._meta).toMatchObject({ "io.modelcontextprotocol/related-task": { taskId: task.taskId } });
      expect(asked.at(-1)).toEqual({
        message: expect.stringContaining("1 of 2 passengers are rebooked"),
        related: { taskId: task.taskId },
      });
      expect(await client.request({ method: "tasks/get", params: { taskId: task.taskId } }, Any)).toMatchObject({
        taskId: task.taskId,
        status: "completed",
      });

      const slow = (
        await client.request({ method: "tools/call", params: { name: "rebook-all", arguments: { stepMs: 10_000 }, task: {} } }, Any)
      ).task as { taskId: string };
      expect(await client.request({ method: "tasks/cancel", params: { taskId: slow.taskId } }, Any)).toMatchObject({ status: "cancelled" });
      const listed = (await client.request({ method: "tasks/list", params: {} }, Any)).tasks as { taskId: string; status: string }[];
      expect(listed.map((t) => [t.taskId, t.status])).toEqual(
        expect.arrayContaining([
          [task.taskId, "completed"],
          [slow.taskId, "cancelled"],
        ]),
      );
      await expect(client.request({ method: "tasks/get", params: { taskId: "no-such-task" } }, Any)).rejects.toMatchObject({
        code: -32602,
      });
    });
  });
}
