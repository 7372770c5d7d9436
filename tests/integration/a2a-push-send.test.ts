import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A2aSendBody } from "@/lib/contracts/a2a";
import { serveA2aPushHttp } from "@/lib/launcher/a2a-push-gate";
import type { A2aRegistry } from "@/lib/server/a2a/registry";
import { recorded, until } from "@/lib/server/adk/test-support";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

// Issue 23: a long non-streaming task whose push config rides the send. Loupe's webhook as the
// launcher serves it (the real gate) on a free port; real SDK agents (v1.0 and v0.3 wire) whose
// DefaultPushNotificationSender posts the task's updates to the URL the send carried.
const data = tempDir("loupe-a2a-push-send-");
let launcher: Server;
let agent: SdkAgent;
let legacy: SdkAgent;
let noPush: SdkAgent;
let a2a: A2aRegistry;

beforeAll(async () => {
  launcher = createServer((req, res) => void serveA2aPushHttp(req, res, { port: (launcher.address() as AddressInfo).port }));
  await new Promise<void>((r) => launcher.listen(0, "127.0.0.1", () => r()));
  process.env.LOUPE_DATA_DIR = data.dir;
  process.env.LOUPE_PORT = String((launcher.address() as AddressInfo).port);
  const { getA2a } = await import("@/lib/server/a2a");
  a2a = getA2a();
  [agent, legacy, noPush] = await Promise.all([startSdkAgent(), startSdkAgent(0, { v03: true }), startSdkAgent(0, { push: false })]);
});

afterAll(async () => {
  await a2a.closeAll();
  await Promise.all([agent.close(), legacy.close(), noPush.close()]);
  await new Promise<void>((r) => launcher.close(() => r()));
  data.cleanup();
});

const outgoing = (agentId: string) =>
  recorded(a2a.hub, agentId, { kind: "a2a_request" }).map((e) => JSON.stringify((e.raw as { body?: unknown }).body ?? e.raw));

describe.each([
  ["v1.0", () => agent, /"returnImmediately":true/],
  ["v0.3", () => legacy, /"blocking":false/],
] as const)("a non-blocking send with Loupe's push receiver (%s wire)", (name, peer, nonBlocking) => {
  it("returns at once with the task submitted or working; the pushes arrive and move it to completed", async () => {
    const agentId = (await a2a.create({ name: `pushy ${name}`, url: peer().url, headers: {} })).id;
    // drip: working, then eight artifact chunks 150 ms apart, then completed (> 1.2 s in all).
    const sent = await a2a.send(agentId, A2aSendBody.parse({ parts: [{ kind: "text", text: "drip" }], blocking: false, push: {} }));
    const taskId = sent.taskId!;
    expect(taskId).toBeTruthy();
    // A blocking send would have returned only at completed (drip takes over 1.2 s).
    expect(["submitted", "working"]).toContain(a2a.getTask(agentId, taskId).state);
    // One request, carrying both: the non-blocking flag and Loupe's webhook with its token.
    const sends = outgoing(agentId).filter((b) => b.includes("drip"));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatch(nonBlocking);
    expect(sends[0]).toContain(`http://127.0.0.1:${process.env.LOUPE_PORT}/a2a-push/`);
    // The per-task token is recorded masked.
    const token = a2a.a2aStore.listPush().find((p) => p.agentId === agentId)!.token;
    expect(sends[0]).not.toContain(token);
    await until(() => a2a.getTask(agentId, taskId).state === "completed", 10_000, "the task completed by pushes");
    const pushes = recorded(a2a.hub, agentId, { kind: "a2a_push" }).map((e) => e.raw as { taskId: string; error?: string });
    expect(pushes.length).toBeGreaterThan(1);
    expect(pushes.every((p) => p.taskId === taskId && p.error === undefined)).toBe(true);
    const detail = a2a.getTask(agentId, taskId);
    expect(detail.push?.received).toBe(pushes.length);
    expect(detail.artifactCount).toBeGreaterThan(0);
    expect(detail.streaming).toBe(false);
  });
});

describe("push config in the send: other receivers and refusals", () => {
  it("a push url of the user's own is sent as given, with its token", async () => {
    const agentId = (await a2a.create({ name: "elsewhere", url: agent.url, headers: {} })).id;
    const body = A2aSendBody.parse({
      parts: [{ kind: "text", text: "complete" }],
      stream: false,
      push: { url: "http://127.0.0.1:9/hook", token: "their-token" },
    });
    const sent = await a2a.send(agentId, body);
    expect(a2a.getTask(agentId, sent.taskId!).state).toBe("completed");
    const sends = outgoing(agentId).filter((b) => b.includes("complete"));
    expect(sends[0]).toContain("http://127.0.0.1:9/hook");
    expect(sends[0]).not.toContain("/a2a-push/");
    expect(sends[0]).not.toContain("their-token");
    expect(a2a.getTask(agentId, sent.taskId!).push).toBeUndefined();
  });

  it("an agent whose card declares no push notifications is refused before anything is sent", async () => {
    const agentId = (await a2a.create({ name: "no push", url: noPush.url, headers: {} })).id;
    const body = A2aSendBody.parse({ parts: [{ kind: "text", text: "drip" }], blocking: false, push: {} });
    await expect(a2a.send(agentId, body)).rejects.toMatchObject({ code: "bad_request:a2a_push_unsupported", status: 400 });
    expect(outgoing(agentId)).toEqual([]);
  });

  it("the body refuses a push url that is not http(s)", () => {
    const r = A2aSendBody.safeParse({ parts: [{ kind: "text", text: "x" }], push: { url: "file:///etc/passwd" } });
    expect(r.success).toBe(false);
  });
});
