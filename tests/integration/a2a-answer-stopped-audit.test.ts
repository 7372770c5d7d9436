import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, request, type Server, type ServerResponse } from "node:http";
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
 * no row). The "restart" is a crash: the first registry is left as it was (nothing closed, memory
 * gone) and a second opens the same folder (as tests/integration/langgraph-answer-stopped-audit.test.ts).
 */
const data = tempDir("loupe-a2a-stopped-audit-");
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const registries: A2aRegistry[] = [];
let agent: SdkAgent;
let gateway: Server;
let gatewayUrl = "";
/** While set, the gateway holds each JSON-RPC call it gets (the agent never sees it, nor replies). */
let holding = false;
const held: ServerResponse[] = [];

beforeAll(async () => {
  agent = await startSdkAgent();
  const upstream = new URL(agent.url);
  // Passes everything through (the card naming the gateway, so that the calls come here too), or holds the calls.
  gateway = createServer((req, res) => {
    if (holding && req.method === "POST") return void held.push(res);
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

afterAll(async () => {
  for (const res of held) res.destroy();
  for (const r of registries) {
    await r.closeAll();
    r.hub.store.close();
  }
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await agent.close();
  data.cleanup();
});

function start(): A2aRegistry {
  const registry = new A2aRegistry(new Hub(openStore(data.dir)));
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
});
