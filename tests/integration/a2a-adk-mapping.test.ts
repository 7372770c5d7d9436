/**
 * What ADK JS 2.0.0 really maps its pauses to when an agent is served over A2A by its own A2A
 * support (`adk api_server --a2a`, v0.3 wire), against the real server running the demo agents, talked
 * to with the A2A SDK's client in v0.3 compat mode (what Loupe uses). Findings (docs/ARCHITECTURE.md):
 *
 * - confirmation (adk_request_confirmation), credential (adk_request_credential), RequestInput
 *   (adk_request_input) and a long-running tool all end the task `input-required`, with the pending
 *   function call as a data part (metadata adk_type=function_call, adk_is_long_running=true).
 *   ADK JS never sends `auth-required` (its A2A TaskState has no such value).
 * - Continuing = a message on the same taskId/contextId with a data part {id, name, response} and
 *   metadata adk_type=function_response. A credential / input / long-running answer completes it.
 * - A confirmation sent over A2A is ignored (the A2A executor runs with remoteDelivered and without
 *   allowRemoteToolConfirmation): the model asks again, a new input-required on the same task.
 * - A plain-text answer is not an answer: input-required again, "No input provided for function call id …".
 * - Only JSON-RPC works for answering: over HTTP+JSON (v0.3 REST) part metadata is dropped both ways.
 * - tasks/cancel: ADK's executor cannot cancel; a paused task is canceled by the SDK's handler itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendMessageRequest, TaskState } from "@a2a-js/sdk";
import type { Message, Part, StreamResponse, Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from "@a2a-js/sdk/client";
import type { Client } from "@a2a-js/sdk/client";
import { adkA2aCardUrl, startAdkA2aServer } from "@/demo/adk/adk-a2a";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { SCRIPTED_ONLY } from "@/demo/adk/start-agent-server";

const PORT = 7153;
let server: AgentServer;
const clients: Record<string, Client> = {};

async function client(app: string, transport: "JSONRPC" | "HTTP+JSON" = "JSONRPC"): Promise<Client> {
  const key = `${app} ${transport}`;
  if (!clients[key]) {
    const legacyCompat = { enabled: true };
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ legacyCompat }), new RestTransportFactory({ legacyCompat })],
      preferredTransports: [transport],
      cardResolver: new DefaultAgentCardResolver({ legacyCompat }),
    });
    // The full card URL and an empty path: with a base URL, the resolver resolves the well-known
    // path against it and drops the last segment (/a2a/loupe_demo → /a2a/.well-known/…).
    clients[key] = await factory.createFromUrl(adkA2aCardUrl(server.url, app), "");
  }
  return clients[key];
}

function send(parts: unknown[], ids: { taskId?: string; contextId?: string } = {}): SendMessageRequest {
  return SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts, ...ids } });
}
const text = (t: string) => ({ text: t });
const functionResponse = (id: string, name: string, response: unknown) => ({
  data: { id, name, response },
  metadata: { adk_type: "function_response" },
});

/** The args of the ADK function calls met here (confirmation, credential, input, tools). */
interface CallArgs {
  originalFunctionCall?: unknown;
  auth_config?: Record<string, unknown>;
  authConfig?: Record<string, unknown>;
  message?: string;
  response_schema?: unknown;
  jobName?: string;
}
interface PendingCall {
  id: string;
  name: string;
  args: CallArgs;
}

/** The pending function call ADK put in the input-required status message. */
function pendingCall(task: Task): { part: Part; call: PendingCall } {
  const part = task.status!.message!.parts.find((p) => p.content?.$case === "data" && p.metadata?.adk_type === "function_call")!;
  return { part, call: part.content!.value as PendingCall };
}
const messageText = (m: Message | undefined) => (m?.parts ?? []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
const artifactTexts = (task: Task) =>
  task.artifacts.flatMap((a) => a.parts.flatMap((p) => (p.content?.$case === "text" ? [p.content.value] : [])));

beforeAll(async () => {
  server = await startAdkA2aServer({ port: PORT, env: SCRIPTED_ONLY });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("ADK JS over A2A (adk api_server --a2a)", () => {
  it("serves a v0.3 card per app: JSON-RPC + HTTP+JSON, streaming, no push notifications", async () => {
    const card = (await (await fetch(adkA2aCardUrl(server.url))).json()) as {
      protocolVersion: string;
      url: string;
      preferredTransport: string;
      additionalInterfaces: unknown[];
      capabilities: Record<string, unknown>;
      skills: { name: string }[];
    };
    expect(card.protocolVersion).toBe("0.3.0");
    expect(card.url).toBe(`${server.url}/a2a/loupe_demo/jsonrpc`);
    expect(card.preferredTransport).toBe("JSONRPC");
    expect(card.additionalInterfaces).toEqual(
      expect.arrayContaining([{ url: `${server.url}/a2a/loupe_demo/rest`, transport: "HTTP+JSON" }]),
    );
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: false });
    expect(card.skills.map((s) => s.name)).toEqual(expect.arrayContaining(["delete_file", "call_secure_api", "start_job"]));
  });

  it("a confirmation becomes input-required (streamed: task, working, artifacts, input-required) and an A2A approval is ignored", async () => {
    const c = await client("loupe_demo");
    const events: StreamResponse[] = [];
    for await (const e of c.sendMessageStream(send([text("delete")]))) events.push(e);
    const kinds = events.map((e) => (e.payload?.$case === "statusUpdate" ? e.payload.value.status?.state : e.payload?.$case));
    expect(kinds[0]).toBe("task");
    expect(kinds[1]).toBe(TaskState.TASK_STATE_WORKING);
    expect(kinds.at(-1)).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(kinds).not.toContain(TaskState.TASK_STATE_AUTH_REQUIRED);

    const first = await c.getTask({ tenant: "", id: (events[0]!.payload!.value as Task).id });
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const { part, call } = pendingCall(first);
    expect(call.name).toBe("adk_request_confirmation");
    expect(call.args.originalFunctionCall).toMatchObject({ name: "delete_file", args: { path: "/tmp/old.log" } });
    expect(part.metadata).toMatchObject({ adk_type: "function_call", adk_is_long_running: true });

    const ids = { taskId: first.id, contextId: first.contextId };
    const after = (await c.sendMessage(send([functionResponse(call.id, call.name, { confirmed: true })], ids))) as Task;
    expect(after.id).toBe(first.id);
    expect(after.contextId).toBe(first.contextId);
    expect(after.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const again = pendingCall(after).call;
    expect(again.name).toBe("adk_request_confirmation");
    expect(again.id).not.toBe(call.id); // a fresh confirmation: the approval did not run the tool
    expect(artifactTexts(after).join(" ")).not.toMatch(/Deleted/);
  });

  it("a plain-text answer to a pending call is refused: input-required again, 'No input provided for function call id …'", async () => {
    const c = await client("loupe_demo");
    const asked = (await c.sendMessage(send([text("job")]))) as Task;
    const { call } = pendingCall(asked);
    const after = (await c.sendMessage(send([text("done")], { taskId: asked.id, contextId: asked.contextId }))) as Task;
    expect(after.id).toBe(asked.id);
    expect(after.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(messageText(after.status?.message)).toBe(`No input provided for function call id ${call.id}`);
  });

  it("a credential request becomes input-required (not auth-required); the credential as a function response completes the same task", async () => {
    const c = await client("loupe_demo");
    const asked = (await c.sendMessage(send([text("secure")]))) as Task;
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const { call } = pendingCall(asked);
    expect(call.name).toBe("adk_request_credential");
    expect(call.args.auth_config).toMatchObject({
      authScheme: { type: "apiKey", in: "header", name: "X-Api-Key" },
      credentialKey: "demo_api_key",
    });

    const answer = { ...call.args.auth_config, exchangedAuthCredential: { authType: "apiKey", apiKey: "sk-demo" } };
    const done = (await c.sendMessage(
      send([functionResponse(call.id, call.name, answer)], { taskId: asked.id, contextId: asked.contextId }),
    )) as Task;
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactTexts(done).at(-1)).toBe('The protected API answered "secret data" (key starting sk-).');
  });

  it("a long-running tool becomes input-required; its result as a function response completes the task", async () => {
    const c = await client("loupe_demo");
    const asked = (await c.sendMessage(send([text("job")]))) as Task;
    const { call } = pendingCall(asked);
    expect(call).toMatchObject({ name: "start_job", args: { jobName: "nightly-report" } });
    const done = (await c.sendMessage(
      send([functionResponse(call.id, call.name, { status: "done", rows: 3 })], { taskId: asked.id, contextId: asked.contextId }),
    )) as Task;
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactTexts(done).at(-1)).toBe("Job nightly-report finished with 3 rows.");
  });

  it("workflow RequestInput is input-required with its response_schema; answer → credential (input-required) → completed", async () => {
    const c = await client("workflow_demo");
    const asked = (await c.sendMessage(send([text("start")]))) as Task;
    const input = pendingCall(asked).call;
    expect(input.name).toBe("adk_request_input");
    expect(input.args.message).toBe("What is your favorite color?");
    expect(input.args.response_schema).toMatchObject({ type: "object", required: ["color"] });
    const ids = { taskId: asked.id, contextId: asked.contextId };

    const gate = (await c.sendMessage(send([functionResponse(input.id, input.name, { color: "blue" })], ids))) as Task;
    expect(gate.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const cred = pendingCall(gate).call;
    expect(cred.name).toBe("adk_request_credential");
    expect(cred.args.authConfig).toMatchObject({ credentialKey: "wf_api_key" });

    const answer = { ...cred.args.authConfig, exchangedAuthCredential: { authType: "apiKey", apiKey: "sk-wf" } };
    const done = (await c.sendMessage(send([functionResponse(cred.id, cred.name, answer)], ids))) as Task;
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifactTexts(done)).toContain('{"secretFetched":true,"colorWas":"blue"}');
  });

  it("over HTTP+JSON the part metadata is lost both ways, so a pending call cannot be answered there", async () => {
    const c = await client("loupe_demo", "HTTP+JSON");
    expect(c.transport.protocolName).toBe("HTTP+JSON");
    const asked = (await c.sendMessage(send([text("job")]))) as Task;
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const part = asked.status!.message!.parts[0]!;
    const call = part.content!.value as { id: string; name: string };
    expect(call.name).toBe("start_job");
    expect(part.metadata).toBeUndefined(); // JSON-RPC carries {adk_type, adk_is_long_running} here
    const after = (await c.sendMessage(
      send([functionResponse(call.id, call.name, { status: "done", rows: 3 })], { taskId: asked.id, contextId: asked.contextId }),
    )) as Task;
    expect(after.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(messageText(after.status?.message)).toBe(`No input provided for function call id ${call.id}`);
  });

  it("tasks/cancel of a paused task: the SDK (not ADK's executor, which cannot cancel) marks it canceled", async () => {
    const c = await client("loupe_demo");
    const asked = (await c.sendMessage(send([text("job")]))) as Task;
    const canceled = await c.cancelTask({ tenant: "", id: asked.id, metadata: undefined });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(messageText(canceled.status?.message)).toBe("Task cancellation requested by user.");
    const task = await c.getTask({ tenant: "", id: asked.id });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });
});
