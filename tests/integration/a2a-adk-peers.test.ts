/**
 * Loupe's A2A client (getA2a's registry) against the two demo peers `npm start` pre-connects, both
 * real: the demo A2A agent (SDK 1.3.0 server, v1.0 wire) and the demo ADK agent over A2A (ADK JS
 * `adk api_server --a2a`, v0.3 wire). Added by card URL, as boot registers them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aHumanRequest, A2aTaskState } from "@/lib/contracts/a2a";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { allRecordedText, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startA2aDemo } from "@/demo/a2a/demo-agent";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { ASK_SCHEMA } from "@/demo/a2a/skills";
import { adkA2aCardUrl, startAdkA2aServer } from "@/demo/adk/adk-a2a";
import { SCRIPTED_ONLY } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-a2a-peers-");
let demo: A2aDemo;
let adk: AgentServer;
let a2a: A2aRegistry;
let demoId = "";
let adkId = "";

beforeAll(async () => {
  [demo, adk] = await Promise.all([
    startA2aDemo({ port: 7151, timing: { stepMs: 0 } }),
    startAdkA2aServer({ port: 7158, env: SCRIPTED_ONLY }),
  ]);
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  demoId = (await a2a.create({ name: "demo", url: demo.cardUrl, headers: {} })).id;
  adkId = (await a2a.create({ name: "adk", url: adkA2aCardUrl(adk.url), headers: {} })).id;
}, 120_000);

afterAll(async () => {
  await a2a?.closeAll();
  a2a?.hub.store.close();
  await demo?.stop();
  await adk?.stop();
  data.cleanup();
});

const say = (text: string) => ({ parts: [{ kind: "text" as const, text }], stream: true });
const stateOf = (agentId: string, taskId: string) => a2a.listTasks(agentId).find((t) => t.taskId === taskId)?.state;
const settled = (agentId: string, taskId: string, state: A2aTaskState) =>
  until(() => stateOf(agentId, taskId) === state, 15_000, `task ${taskId} ${state}`);
async function pendingFor(taskId: string): Promise<A2aHumanRequest> {
  await until(() => a2a.listRequests().some((r) => r.taskId === taskId && r.status === "pending"), 15_000, `request of ${taskId}`);
  return a2a.listRequests().find((r) => r.taskId === taskId && r.status === "pending")!;
}

describe("Loupe ↔ the demo A2A agent", () => {
  it("reads its card: v1.0, its three transports (JSON-RPC, HTTP+JSON, gRPC), no validation errors", () => {
    const view = a2a.get(demoId);
    expect(view.state.status).toBe("ok");
    expect(view.state.protocolVersion).toBe("1.0");
    expect(view.state.transports).toEqual(["JSONRPC", "HTTP+JSON", "GRPC"]);
    expect(view.state.findings?.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("report streams to completed with its 3 artifacts", async () => {
    const sent = await a2a.send(demoId, say("report"));
    await a2a.waitExchange(sent.exchangeId);
    expect(stateOf(demoId, sent.taskId!)).toBe("completed");
    expect(a2a.getTask(demoId, sent.taskId!).artifactCount).toBe(3);
  });

  it("ask becomes an input request with the agent's JSON Schema; the inbox answer completes the same task", async () => {
    const sent = await a2a.send(demoId, say("ask"));
    const request = await pendingFor(sent.taskId!);
    expect(request).toMatchObject({ kind: "input", agentId: demoId, prompt: "Which city should the forecast be for?" });
    expect(request.schema).toEqual(ASK_SCHEMA);
    await a2a.answerRequest(request.id, { kind: "data", data: { city: "Lyon", days: 2 } });
    await settled(demoId, sent.taskId!, "completed");
    expect(a2a.getTask(demoId, sent.taskId!).contextId).toBe(request.contextId);
  });

  it("login becomes an auth request; the credential completes the task and is never recorded in clear", async () => {
    const sent = await a2a.send(demoId, say("login"));
    const request = await pendingFor(sent.taskId!);
    expect(request.kind).toBe("auth");
    await a2a.answerRequest(request.id, { kind: "credential", credential: "sk-peer-secret-42" });
    await settled(demoId, sent.taskId!, "completed");
    expect(allRecordedText(a2a.hub)).not.toContain("sk-peer-secret-42");
  });

  it("slow is canceled through Loupe", async () => {
    const sent = await a2a.send(demoId, say("slow"));
    await until(() => stateOf(demoId, sent.taskId!) === "working", 10_000, "working");
    const detail = await a2a.cancelTask(demoId, sent.taskId!);
    expect(detail.state).toBe("canceled");
  });
});

describe("Loupe ↔ the demo ADK agent over A2A", () => {
  it("reads ADK's card: v0.3", () => {
    const view = a2a.get(adkId);
    expect(view.state.status).toBe("ok");
    expect(view.state.protocolVersion).toBe("0.3");
  });

  it.each([
    ["delete", "adk_request_confirmation"],
    ["secure", "adk_request_credential"],
    ["job", "start_job"],
  ])("%s pauses the task input-required: an input request (never auth) carrying ADK's %s call", async (keyword, callName) => {
    const sent = await a2a.send(adkId, say(keyword));
    const request = await pendingFor(sent.taskId!);
    expect(stateOf(adkId, sent.taskId!)).toBe("input-required");
    expect(request.kind).toBe("input");
    expect(JSON.stringify(request.message)).toContain(`"name":"${callName}"`);
  });
});
