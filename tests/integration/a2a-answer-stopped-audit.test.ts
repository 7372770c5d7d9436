import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { runAsActor } from "@/lib/server/people/actor-context";
import { AuditLog } from "@/lib/server/people/audit-log";
import { openStore } from "@/lib/server/store";
import { startSdkAgent, type SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

/**
 * A2A answers that Loupe's own stop cut off: sent, and Loupe gone before the agent replied (a
 * gateway in front of the SDK agent holds them). The next start fails the one whose task still waited
 * for it, with a Retry that the agent then takes, and says in words why the one whose task moved on
 * meanwhile is stale; both get the audit's `failed` row under who gave them (they became stale with
 * no row). A Retry of an answer the agent had refused is settled the same (its row `failed`, with
 * `inFlight`: the start skipped it, so its claim stayed held and the next Retry was "already answered"). The "restart" is a crash: the first registry is left as it was (nothing closed, memory
 * gone) and a second opens the same folder (as tests/integration/langgraph-answer-stopped-audit.test.ts).
 */
const data = tempDir("loupe-a2a-stopped-audit-");
const retryData = tempDir("loupe-a2a-stopped-retry-audit-");
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const registries: A2aRegistry[] = [];
let agent: SdkAgent;
let gateway: Server;
let gatewayUrl = "";
/** While set, the gateway holds each JSON-RPC call it gets (the agent never sees it, nor replies). */
let holding = false;
/** While set, the gateway answers each JSON-RPC call with the agent's error (a refused answer: the agent never sees it). */
let refusing = false;
const held: ServerResponse[] = [];

beforeAll(async () => {
  agent = await startSdkAgent();
  const upstream = new URL(agent.url);
  // Passes everything through (the card naming the gateway, so that the calls come here too), or holds the calls.
  gateway = createServer((req, res) => {
    if (holding && req.method === "POST") return void held.push(res);
    if (refusing && req.method === "POST") return void refuse(req, res);
    const headers = { ...req.headers, host: upstream.host };
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up) => {
      if (!req.url?.startsWith("/.well-known/")) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        return void up.pipe(res);
      }
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        const card = Buffer.concat(chunks).toString("utf8").replaceAll(agent.url, gatewayUrl);
        res.writeHead(up.statusCode ?? 502, { "content-type": "application/json" });
        res.end(card);
      });
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

/** A JSON-RPC stream call answered with one error event: the agent refused the message. */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const { id } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: unknown };
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code: -32602, message: "name unknown" } })}\n\n`);
  });
}

afterAll(async () => {
  for (const res of held) res.destroy();
  for (const r of registries) {
    await r.closeAll();
    r.hub.store.close();
  }
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await agent.close();
  data.cleanup();
  retryData.cleanup();
});

function start(dir = data.dir): A2aRegistry {
  const registry = new A2aRegistry(new Hub(openStore(dir)));
  registries.push(registry);
  return registry;
}

/** A new task of the agent waiting for input, and its request. */
async function asked(a2a: A2aRegistry, agentId: string): Promise<A2aHumanRequest> {
  const sent = await a2a.send(agentId, { parts: [{ kind: "text", text: "input" }], stream: true });
  await a2a.waitExchange(sent.exchangeId);
  const found = a2a.listRequests().find((r) => r.taskId === sent.taskId && r.status === "pending");
  if (!found) throw new Error("the task asked nothing");
  return found;
}

const failedRows = (a2a: A2aRegistry): Pick<AuditEvent, "actor" | "actorKind" | "requestId" | "detail">[] =>
  new AuditLog(a2a.hub.store)
    .query({ source: "a2a", kind: "failed", limit: 50 })
    .events.reverse()
    .map(({ actor, actorKind, requestId, detail }) => ({ actor, actorKind, requestId, detail }));

describe("an A2A answer Loupe stopped before the agent replied", () => {
  it("is failed at the next start with a Retry while its task waited, stale in words once it moved on; both audited under who gave them", async () => {
    const first = start();
    const id = (await first.create({ name: "scripted", url: gatewayUrl, headers: {} })).id;
    const waits = await asked(first, id);
    const movedOn = await asked(first, id);

    holding = true;
    void runAsActor(ADA, () => first.answerRequest(waits.id, { kind: "text", text: "Ada" })).catch(() => undefined);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    void runAsActor(BOB, () => first.answerRequest(movedOn.id, { kind: "text", text: "Bob" })).catch(() => undefined);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    // While Bob's answer is on its way, the agent says its task was canceled (a push, another client).
    first.tasks.apply(id, { type: "status", taskId: movedOn.taskId, contextId: movedOn.contextId, state: "canceled" });
    expect(first.tasks.getRequest(waits.id)?.status).toBe("pending");
    expect(failedRows(first)).toEqual([]);
    // Who answered stays in the store: the requests as the routes and the inbox show them do not carry it.
    expect(JSON.stringify([first.listRequests(), first.tasks.getRequest(waits.id)])).not.toMatch(/Ada Lovelace|ci-bot/);

    // Loupe stops: its memory is gone (nothing is closed, as in a crash); the next start opens the same folder.
    holding = false;
    const next = start();
    expect(next.tasks.getRequest(waits.id)).toMatchObject({ status: "failed", error: { code: "internal:a2a_answer_cut_off" } });
    expect(next.tasks.getRequest(waits.id)?.error?.message).toMatch(/Loupe stopped before the agent replied to this answer/);
    const reason =
      "The task moved on to canceled while this answer was on its way, and Loupe stopped before the agent replied to it: it can no longer be answered";
    expect(next.tasks.getRequest(movedOn.id)).toMatchObject({ status: "stale", reason });
    expect(failedRows(next)).toEqual(
      expect.arrayContaining([
        { actor: "Ada Lovelace", actorKind: "person", requestId: waits.id, detail: "Loupe stopped before the agent server replied" },
        { actor: "ci-bot", actorKind: "service", requestId: movedOn.id, detail: reason },
      ]),
    );
    expect(failedRows(next)).toHaveLength(2);
    expect(JSON.stringify(next.listRequests())).not.toMatch(/Ada Lovelace|ci-bot|inFlight/);

    // The task still waits: the Retry is claimed anew, sent, and the agent takes it.
    const retried = await runAsActor(ADA, () => next.answerRequest(waits.id, { kind: "text", text: "Ada" }));
    expect(retried.status).toBe("answered");
    await until(() => next.getTask(id, waits.taskId).state === "completed", 10_000, "the task completed");
    expect(next.getTask(id, waits.taskId).statusText).toMatch(/Ada/);
  }, 30_000);

  it("whose answer was a Retry (the request failed before) is settled the same: its claim given back, audited under who retried", async () => {
    const first = start(retryData.dir);
    const id = (await first.create({ name: "scripted", url: gatewayUrl, headers: {} })).id;
    const waits = await asked(first, id);
    const movedOn = await asked(first, id);

    // Each first answer is refused by the agent: failed, with a Retry.
    refusing = true;
    await expect(runAsActor(BOB, () => first.answerRequest(waits.id, { kind: "text", text: "Bob" }))).rejects.toThrow(/name unknown/);
    await expect(runAsActor(ADA, () => first.answerRequest(movedOn.id, { kind: "text", text: "Ada" }))).rejects.toThrow(/name unknown/);
    refusing = false;
    expect(first.tasks.getRequest(waits.id)).toMatchObject({ status: "failed", error: { code: "upstream:a2a_error" } });
    expect(first.tasks.getRequest(movedOn.id)?.status).toBe("failed");

    // The Retries are sent, and the agent replies to neither before Loupe stops.
    const before = held.length;
    holding = true;
    void runAsActor(ADA, () => first.answerRequest(waits.id, { kind: "text", text: "Ada" })).catch(() => undefined);
    await vi.waitFor(() => expect(held).toHaveLength(before + 1));
    void runAsActor(BOB, () => first.answerRequest(movedOn.id, { kind: "text", text: "Bob" })).catch(() => undefined);
    await vi.waitFor(() => expect(held).toHaveLength(before + 2));
    first.tasks.apply(id, { type: "status", taskId: movedOn.taskId, contextId: movedOn.contextId, state: "canceled" });
    expect(failedRows(first)).toEqual([]);

    // Loupe stops (a crash); the next start opens the same folder.
    holding = false;
    const next = start(retryData.dir);
    expect(next.tasks.getRequest(waits.id)).toMatchObject({ status: "failed", error: { code: "internal:a2a_answer_cut_off" } });
    expect(next.tasks.getRequest(waits.id)?.error?.message).toMatch(/^Loupe stopped before the agent replied to this answer/);
    const reason =
      "The task moved on to canceled while this answer was on its way, and Loupe stopped before the agent replied to it: it can no longer be answered";
    expect(next.tasks.getRequest(movedOn.id)).toMatchObject({ status: "stale", reason });
    // Under who gave the Retry (Ada for the first, Bob for the second), not who gave the refused answer.
    expect(failedRows(next)).toEqual(
      expect.arrayContaining([
        { actor: "Ada Lovelace", actorKind: "person", requestId: waits.id, detail: "Loupe stopped before the agent server replied" },
        { actor: "ci-bot", actorKind: "service", requestId: movedOn.id, detail: reason },
      ]),
    );
    expect(failedRows(next)).toHaveLength(2);
    expect(JSON.stringify(next.listRequests())).not.toMatch(/Ada Lovelace|ci-bot|inFlight/);

    // The task still waits: the next Retry is claimed anew (the cut-off one's claim was given back), and the agent takes it.
    const retried = await runAsActor(ADA, () => next.answerRequest(waits.id, { kind: "text", text: "Ada again" }));
    expect(retried.status).toBe("answered");
    await until(() => next.getTask(id, waits.taskId).state === "completed", 10_000, "the task completed");
    expect(next.getTask(id, waits.taskId).statusText).toMatch(/Ada again/);
  }, 30_000);
});
