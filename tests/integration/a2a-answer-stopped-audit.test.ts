import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { runAsActor } from "@/lib/server/people/actor-context";
import { openStore } from "@/lib/server/store";
import { startSdkAgent, type SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { answerHeld, askedRequest as asked, failedA2aRows } from "@/tests/support/a2a-answers";
import { startHoldingGateway, type HoldingGateway } from "@/tests/support/holding-gateway";
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
/** In front of the agent (its card naming the gateway, so that the calls come here too). */
let gateway: HoldingGateway;
/** While set, the gateway holds each JSON-RPC call it gets (the agent never sees it, nor replies). */
let holding = false;
/** While set, the gateway answers each JSON-RPC call with the agent's error (a refused answer: the agent never sees it). */
let refusing = false;

beforeAll(async () => {
  agent = await startSdkAgent();
  // Passes everything through, or holds the calls, or refuses them.
  gateway = await startHoldingGateway(agent.url, (req) => holding && req.method === "POST", {
    cardsNameGateway: true,
    answer: (req, res) => {
      if (!refusing || req.method !== "POST") return false;
      refuse(req, res);
      return true;
    },
  });
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
  for (const res of gateway.held) res.destroy();
  for (const r of registries) {
    await r.closeAll();
    r.hub.store.close();
  }
  await gateway.close();
  await agent.close();
  data.cleanup();
  retryData.cleanup();
});

function start(dir = data.dir): A2aRegistry {
  const registry = new A2aRegistry(new Hub(openStore(dir)));
  registries.push(registry);
  return registry;
}

const failedRows = (a2a: A2aRegistry): Pick<AuditEvent, "actor" | "actorKind" | "requestId" | "detail">[] =>
  failedA2aRows(a2a).map(({ actor, actorKind, requestId, detail }) => ({ actor, actorKind, requestId, detail }));

/**
 * After the restart (`next`): `movedOn` stale in words, both answers' `failed` rows under who gave
 * them (Ada `waits`, Bob `movedOn`), and no one named in the requests; then, the task still waiting,
 * Ada's Retry of `waits` (`text`) is claimed anew, sent, and the agent takes it.
 */
async function expectSettled(next: A2aRegistry, agentId: string, waits: A2aHumanRequest, movedOn: A2aHumanRequest, text: string) {
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

  const retried = await runAsActor(ADA, () => next.answerRequest(waits.id, { kind: "text", text }));
  expect(retried.status).toBe("answered");
  await until(() => next.getTask(agentId, waits.taskId).state === "completed", 10_000, "the task completed");
  expect(next.getTask(agentId, waits.taskId).statusText).toMatch(text);
}

describe("an A2A answer Loupe stopped before the agent replied", () => {
  it("is failed at the next start with a Retry while its task waited, stale in words once it moved on; both audited under who gave them", async () => {
    const first = start();
    const id = (await first.create({ name: "scripted", url: gateway.url, headers: {} })).id;
    const waits = await asked(first, id);
    const movedOn = await asked(first, id);

    holding = true;
    await answerHeld(first, gateway.held, [
      { as: ADA, request: waits, text: "Ada" },
      { as: BOB, request: movedOn, text: "Bob" },
    ]);
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
    // Bob's is stale, both are audited; the task still waits: the Retry is claimed anew, sent, and the agent takes it.
    await expectSettled(next, id, waits, movedOn, "Ada");
  }, 30_000);

  it("whose answer was a Retry (the request failed before) is settled the same: its claim given back, audited under who retried", async () => {
    const first = start(retryData.dir);
    const id = (await first.create({ name: "scripted", url: gateway.url, headers: {} })).id;
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
    holding = true;
    await answerHeld(first, gateway.held, [
      { as: ADA, request: waits, text: "Ada" },
      { as: BOB, request: movedOn, text: "Bob" },
    ]);
    first.tasks.apply(id, { type: "status", taskId: movedOn.taskId, contextId: movedOn.contextId, state: "canceled" });
    expect(failedRows(first)).toEqual([]);

    // Loupe stops (a crash); the next start opens the same folder.
    holding = false;
    const next = start(retryData.dir);
    expect(next.tasks.getRequest(waits.id)).toMatchObject({ status: "failed", error: { code: "internal:a2a_answer_cut_off" } });
    expect(next.tasks.getRequest(waits.id)?.error?.message).toMatch(/^Loupe stopped before the agent replied to this answer/);
    // The rows are under who gave the Retry (Ada for the first, Bob for the second), not who gave the refused answer. The
    // task still waits: the next Retry is claimed anew (the cut-off one's claim was given back), and the agent takes it.
    await expectSettled(next, id, waits, movedOn, "Ada again");
  }, 30_000);
});
