/**
 * The demo A2A agent, driven through the SDK's own client (`@a2a-js/sdk/client`) over both of the
 * card's bindings: every task state, streamed chunks, continuing input-required / auth-required on
 * the same task, cancel, push notifications to a local webhook, and the card itself.
 */
import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendMessageRequest, TaskState } from "@a2a-js/sdk";
import type { Message, StreamResponse, Task, TaskArtifactUpdateEvent } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions } from "@a2a-js/sdk/client";
import type { Client } from "@a2a-js/sdk/client";
import { startA2aDemo } from "./demo-agent";
import type { A2aDemo } from "./demo-agent";
import { ASK_SCHEMA, SCHEMA_MEDIA_TYPE } from "./skills";

const PORT = 7150;
const WEBHOOK_PORT = 7152;

/** The card as served (v1.0 JSON), the fields checked here. */
interface CardJson {
  name: string;
  capabilities: Record<string, unknown>;
  securitySchemes: Record<string, { apiKeySecurityScheme?: Record<string, unknown> }>;
  supportedInterfaces: { protocolBinding: string; url: string }[];
  skills: { id: string }[];
}
/** A push notification body: one StreamResponse in v1.0 JSON. */
interface PushBody {
  task?: { id: string };
  statusUpdate?: { taskId: string; status?: { state?: string } };
  artifactUpdate?: { taskId: string };
}

let demo: A2aDemo;
let rpc: Client;
let rest: Client;

function request(parts: unknown[], extra: { taskId?: string; contextId?: string; configuration?: unknown } = {}): SendMessageRequest {
  const { configuration, ...ids } = extra;
  return SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts, ...ids }, configuration });
}
const say = (text: string, extra?: Parameters<typeof request>[1]) => request([{ text }], extra);

/** Collects a stream, stopping after an interrupted state (the SDK keeps an auth-required stream open). */
async function collect(stream: AsyncGenerator<StreamResponse>, until?: (e: StreamResponse) => boolean): Promise<StreamResponse[]> {
  const out: StreamResponse[] = [];
  for await (const event of stream) {
    out.push(event);
    if (until?.(event)) break;
  }
  return out;
}
const states = (events: StreamResponse[]) =>
  events.map((e) =>
    e.payload?.$case === "task"
      ? e.payload.value.status?.state
      : e.payload?.$case === "statusUpdate"
        ? e.payload.value.status?.state
        : e.payload?.$case,
  );
const artifactEvents = (events: StreamResponse[]): TaskArtifactUpdateEvent[] =>
  events.flatMap((e) => (e.payload?.$case === "artifactUpdate" ? [e.payload.value] : []));
const statusText = (m: Message | undefined) => m?.parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
const isState = (state: TaskState) => (e: StreamResponse) => e.payload?.$case === "statusUpdate" && e.payload.value.status?.state === state;

beforeAll(async () => {
  demo = await startA2aDemo({ port: PORT, timing: { stepMs: 0, slowStepMs: 40, slowSteps: 200 } });
  const factory = (preferred: "JSONRPC" | "HTTP+JSON") =>
    new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: [preferred] }));
  rpc = await factory("JSONRPC").createFromUrl(demo.url);
  rest = await factory("HTTP+JSON").createFromUrl(demo.url);
});
afterAll(async () => {
  await demo?.stop();
});

describe("demo A2A agent: the card", () => {
  it("serves skills, capabilities, a security scheme and its three interfaces at /.well-known/agent-card.json", async () => {
    const res = await fetch(demo.cardUrl);
    expect(res.status).toBe(200);
    const card = (await res.json()) as CardJson;
    expect(card.name).toBe("Loupe demo A2A agent");
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: true });
    expect(card.securitySchemes.demoKey?.apiKeySecurityScheme).toMatchObject({ location: "header", name: "X-Demo-Key" });
    expect(card.supportedInterfaces.map((i) => [i.protocolBinding, i.url])).toEqual([
      ["JSONRPC", `http://127.0.0.1:${PORT}/a2a/jsonrpc`],
      ["HTTP+JSON", `http://127.0.0.1:${PORT}/a2a/rest`],
      ["GRPC", demo.grpcTarget],
    ]);
    expect(demo.grpcTarget).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(card.skills.map((s) => s.id)).toEqual(["report", "stream", "ask", "login", "slow", "fail", "reject"]);
    expect(rpc.transport.protocolName).toBe("JSONRPC");
    expect(rest.transport.protocolName).toBe("HTTP+JSON");
  });

  it("refuses a foreign Host or Origin (DNS rebinding, cross-site) with 403", async () => {
    const { request: httpRequest } = await import("node:http");
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port: PORT, path: "/.well-known/agent-card.json", headers },
          (res) => (res.resume(), resolve(res.statusCode ?? 0)),
        );
        req.once("error", reject).end();
      });
    expect(await status({ host: "evil.example:7150" })).toBe(403);
    expect(await status({ host: `127.0.0.1:${PORT}`, origin: "http://evil.example" })).toBe(403);
    expect(await status({ host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` })).toBe(200);
  });
});

describe("demo A2A agent: every state", () => {
  it("report streams submitted → working → 4 appended text chunks → file → data → completed (JSON-RPC)", async () => {
    const events = await collect(rpc.sendMessageStream(say("report")));
    expect(states(events)).toEqual([
      TaskState.TASK_STATE_SUBMITTED,
      TaskState.TASK_STATE_WORKING,
      "artifactUpdate",
      "artifactUpdate",
      "artifactUpdate",
      "artifactUpdate",
      "artifactUpdate",
      "artifactUpdate",
      TaskState.TASK_STATE_COMPLETED,
    ]);
    const arts = artifactEvents(events);
    const text = arts.filter((a) => a.artifact?.artifactId === "report.md");
    expect(text.map((a) => [a.append, a.lastChunk])).toEqual([
      [false, false],
      [true, false],
      [true, false],
      [true, true],
    ]);
    const file = arts.find((a) => a.artifact?.artifactId === "chart.png")!.artifact!.parts[0]!;
    expect(file.mediaType).toBe("image/png");
    expect(file.content?.$case === "raw" && file.content.value.subarray(1, 4).toString()).toBe("PNG");
    const data = arts.find((a) => a.artifact?.artifactId === "figures")!.artifact!.parts[0]!;
    expect(data.content).toMatchObject({ $case: "data", value: { salesGrowthPct: 4 } });

    // The agent's task store merged the chunks: tasks/get returns one text artifact, whole.
    const taskId = arts[0]!.taskId;
    const task = await rpc.getTask({ tenant: "", id: taskId });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const merged = task.artifacts
      .find((a) => a.artifactId === "report.md")!
      .parts.map((p) => (p.content?.$case === "text" ? p.content.value : ""))
      .join("");
    expect(merged).toBe("# Weekly report\nSales rose 4 % on the week; returns fell to 1.2 %. Next review: Monday.\n");
  });

  it("report over HTTP+JSON, blocking message:send, returns the completed task with its 3 artifacts", async () => {
    const result = (await rest.sendMessage(say("report"))) as Task;
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(result.artifacts.map((a) => a.artifactId)).toEqual(["report.md", "chart.png", "figures"]);
  });

  it("a data part {skill, count} picks the skill: stream 250 sends 250 chunks of one artifact", async () => {
    const events = await collect(rpc.sendMessageStream(request([{ data: { skill: "stream", count: 250 } }])));
    const chunks = artifactEvents(events);
    expect(chunks).toHaveLength(250);
    expect(chunks.filter((c) => c.lastChunk)).toHaveLength(1);
    expect(chunks.at(-1)!.lastChunk).toBe(true);
    expect(states(events).at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it("ask: input-required with a JSON Schema data part, then the answer on the same task completes it", async () => {
    const first = await collect(rpc.sendMessageStream(say("ask")), isState(TaskState.TASK_STATE_INPUT_REQUIRED));
    const asking = first.at(-1)!.payload!.value as { taskId: string; contextId: string; status: { message: Message } };
    expect(states(first)).toEqual([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING, TaskState.TASK_STATE_INPUT_REQUIRED]);
    const schemaPart = asking.status.message.parts.find((p) => p.content?.$case === "data")!;
    expect(schemaPart.mediaType).toBe(SCHEMA_MEDIA_TYPE);
    expect(schemaPart.content?.value).toEqual(ASK_SCHEMA);
    const ids = { taskId: asking.taskId, contextId: asking.contextId };

    // An answer that does not fit: asked again, same task.
    const again = (await rpc.sendMessage(request([{ data: { city: "Paris", days: 9 } }], ids))) as Task;
    expect(again.id).toBe(ids.taskId);
    expect(again.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(again.status?.message)).toMatch(/days must be 1–7/);

    const done = await collect(rpc.sendMessageStream(request([{ data: { city: "Paris", days: 2 } }], ids)));
    expect(states(done)).toEqual([
      TaskState.TASK_STATE_INPUT_REQUIRED,
      TaskState.TASK_STATE_WORKING,
      "artifactUpdate",
      TaskState.TASK_STATE_COMPLETED,
    ]);
    const task = await rpc.getTask({ tenant: "", id: ids.taskId });
    expect(task.contextId).toBe(ids.contextId);
    expect(task.artifacts[0]!.parts[0]!.content).toEqual({ $case: "data", value: { city: "Paris", days: 2, temps: [12, 14] } });
  });

  it("login: auth-required (blocking send returns at it), then a credential on the same task completes it", async () => {
    const asked = (await rest.sendMessage(say("login"))) as Task;
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_AUTH_REQUIRED);
    expect(statusText(asked.status?.message)).toMatch(/X-Demo-Key/);
    const ids = { taskId: asked.id, contextId: asked.contextId };
    const done = (await rest.sendMessage(request([{ data: { credential: "sk-demo-123" } }], ids))) as Task;
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(done.artifacts[0]!.parts[0]!.content).toEqual({ $case: "data", value: { user: "demo-user", keyPrefix: "sk-" } });
  });

  it("login over a stream: the stream ends at auth-required, and the credential's own stream completes the task", async () => {
    // Before the demo settled auth-required buses, the first stream stayed open and broke with a
    // "Stream ordering violation" when the answer's turn published the task again.
    const first = await Promise.race([
      collect(rpc.sendMessageStream(say("login"))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the login stream did not end at auth-required")), 3000)),
    ]);
    expect(states(first)).toEqual([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING, TaskState.TASK_STATE_AUTH_REQUIRED]);
    const asked = first.at(-1)!.payload!.value as { taskId: string; contextId: string };
    const done = await collect(
      rpc.sendMessageStream(request([{ text: "sk-typed" }], { taskId: asked.taskId, contextId: asked.contextId })),
    );
    expect(states(done)).toEqual([
      TaskState.TASK_STATE_AUTH_REQUIRED,
      TaskState.TASK_STATE_WORKING,
      "artifactUpdate",
      TaskState.TASK_STATE_COMPLETED,
    ]);
  });

  it("fail ends failed, reject ends rejected, and an unknown text gets a plain message (no task)", async () => {
    const failed = (await rpc.sendMessage(say("fail"))) as Task;
    expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(statusText(failed.status?.message)).toMatch(/scripted failure/);
    const rejected = await collect(rpc.sendMessageStream(say("reject")));
    expect(states(rejected)).toEqual([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_REJECTED]);
    const help = (await rpc.sendMessage(say("hello"))) as Message;
    expect(statusText(help)).toMatch(/Skills: report, stream, ask, login, slow, fail, reject/);
  });

  it("slow can be canceled: tasks/cancel answers canceled, the stream ends canceled and no chunk follows", async () => {
    const stream = rpc.sendMessageStream(say("slow"));
    const seen: StreamResponse[] = [];
    let taskId = "";
    for await (const event of stream) {
      seen.push(event);
      if (event.payload?.$case === "artifactUpdate" && !taskId) {
        taskId = event.payload.value.taskId;
        const canceled = await rpc.cancelTask({ tenant: "", id: taskId, metadata: undefined });
        expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      }
    }
    expect(states(seen).at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
    const chunks = artifactEvents(seen).length;
    expect(chunks).toBeLessThan(5);
    await new Promise((r) => setTimeout(r, 200));
    const task = await rpc.getTask({ tenant: "", id: taskId });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(task.artifacts[0]!.parts.length).toBeLessThan(5);
  });
});

describe("demo A2A agent: push notifications", () => {
  let webhook: Server;
  const received: { headers: IncomingHttpHeaders; body: PushBody }[] = [];

  beforeAll(async () => {
    webhook = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body: JSON.parse(body) as PushBody });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => webhook.listen(WEBHOOK_PORT, "127.0.0.1", () => r()));
  });
  afterAll(() => new Promise<void>((r) => webhook.close(() => r())));

  it("POSTs every update of a task to the registered webhook with the registered token", async () => {
    const configuration = { taskPushNotificationConfig: { url: `http://127.0.0.1:${WEBHOOK_PORT}/hook`, token: "tok-123" } };
    const task = (await rpc.sendMessage(say("report", { configuration }))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    await expect
      .poll(() => received.some((r) => r.body.statusUpdate?.status?.state === "TASK_STATE_COMPLETED"), { timeout: 5000 })
      .toBe(true);
    const mine = received.filter((r) => (r.body.task?.id ?? r.body.statusUpdate?.taskId ?? r.body.artifactUpdate?.taskId) === task.id);
    expect(mine.length).toBeGreaterThanOrEqual(8);
    expect(mine.every((r) => r.headers["x-a2a-notification-token"] === "tok-123")).toBe(true);
    expect(mine.filter((r) => r.body.artifactUpdate).length).toBe(6);
  });
});
