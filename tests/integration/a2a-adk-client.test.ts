/**
 * Loupe's A2A client against ADK's own A2A server (`adk api_server --a2a`, nested @a2a-js/sdk
 * 0.3.14: the v0.3 wire) running the demo agents with the scripted model: the card is v0.3, the
 * exchange speaks message/stream, the paused long-running tool is input-required, and the inbox
 * answer continues the same task as the function response ADK needs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkA2aCardUrl, startAdkA2aServer } from "@/demo/adk/adk-a2a";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { SCRIPTED_ONLY } from "@/demo/adk/start-agent-server";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-a2a-adk-");
let server: AgentServer;
let a2a: A2aRegistry;
let id = "";

beforeAll(async () => {
  server = await startAdkA2aServer({ port: 7147, env: SCRIPTED_ONLY });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  id = (await a2a.create({ name: "adk", url: adkA2aCardUrl(server.url, "loupe_demo"), headers: {} })).id;
}, 120_000);

afterAll(async () => {
  await a2a.closeAll();
  a2a.hub.store.close();
  await server.stop();
  data.cleanup();
});

describe("ADK served over A2A", () => {
  it("reads ADK's v0.3 card", () => {
    const view = a2a.get(id);
    expect(view.state.status).toBe("ok");
    expect(view.state.protocolVersion).toBe("0.3");
    expect(view.state.transport).toBe("JSONRPC");
  });

  it("a long-running tool pauses the task input-required; the inbox answer (data) completes the same task", async () => {
    const sent = await a2a.send(id, { parts: [{ kind: "text", text: "job" }], stream: true });
    await a2a.waitExchange(sent.exchangeId);
    expect((recorded(a2a.hub, id, { kind: "a2a_request" }).at(-1)!.raw as { method: string }).method).toBe("message/stream");
    await until(() => a2a.listTasks(id).find((t) => t.taskId === sent.taskId)?.state === "input-required", 15_000, "input-required");
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId && r.status === "pending")!;
    expect(request.kind).toBe("input");
    await a2a.answerRequest(request.id, { kind: "data", data: { status: "done", rows: 3 } });
    await until(() => a2a.listTasks(id).find((t) => t.taskId === sent.taskId)?.state === "completed", 30_000, "completed");
    const out = recorded(a2a.hub, id, { kind: "a2a_request" }).at(-1)!.raw as {
      body: { params: { message: { taskId: string; parts: { metadata?: unknown }[] } } };
    };
    expect(out.body.params.message.taskId).toBe(sent.taskId);
    expect(out.body.params.message.parts[0]!.metadata).toEqual({ adk_type: "function_response" });
  });

  it("RequestInput's schema and message become the request's form and prompt; the form's answer continues the task", async () => {
    const wf = (await a2a.create({ name: "adk workflow", url: adkA2aCardUrl(server.url, "workflow_demo"), headers: {} })).id;
    const sent = await a2a.send(wf, { parts: [{ kind: "text", text: "start" }], stream: true });
    await a2a.waitExchange(sent.exchangeId);
    await until(() => a2a.listRequests().some((r) => r.taskId === sent.taskId && r.status === "pending"), 15_000, "the input request");
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId && r.status === "pending")!;
    expect(request.prompt).toBe("What is your favorite color?");
    expect(request.schema).toMatchObject({
      type: "object",
      properties: { color: { enum: ["red", "green", "blue", "purple"] } },
      required: ["color"],
    });
    await a2a.answerRequest(request.id, { kind: "data", data: { color: "blue" } });
    // The workflow goes on to its credential request: a new pause on the same task.
    await until(
      () => a2a.listRequests().some((r) => r.taskId === sent.taskId && r.status === "pending" && r.id !== request.id),
      30_000,
      "the next pause",
    );
  });
});
