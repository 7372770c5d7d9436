import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { runAsActor } from "@/lib/server/people/actor-context";
import { Store } from "@/lib/server/store";
import { startSdkAgent, type SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { answerHeld, askedRequest as asked, failedA2aRows } from "@/tests/support/a2a-answers";
import { startHoldingGateway, type HoldingGateway } from "@/tests/support/holding-gateway";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";

/**
 * Two instances' A2A registries on one PostgreSQL database (issue 25): A dies with answers on their
 * way to the agent (a gateway in front of the SDK agent holds them: the agent never replied). B,
 * taking the agent over, settles them as a restart would, in words naming A: the one whose task still
 * waits is failed with its claim given back, and its Retry on B is taken by the agent (it stayed
 * pending with the claim held, so every answer on B was "already answered"); the one whose task moved
 * on meanwhile is stale in words. Both get the audit's `failed` row under who gave them.
 */
const withPg = pgAvailable();
const dirA = tempDir("loupe-a2a-take-answer-a-");
const dirB = tempDir("loupe-a2a-take-answer-b-");
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const STOPPED = "Loupe A (127.0.0.1:1)";
let pg: PgCluster;
let url = "";
let agent: SdkAgent;
/** In front of the agent (its card naming the gateway, so that the calls come here too). */
let gateway: HoldingGateway;
let a: A2aRegistry | undefined;
let b: A2aRegistry | undefined;
/** While set, the gateway holds each JSON-RPC call it gets (the agent never sees it, nor replies). */
let holding = false;

beforeAll(async () => {
  if (!withPg) return;
  pg = await startPgCluster();
  url = pg.createDatabase("a2a_take_over_answer");
  agent = await startSdkAgent();
  // Passes everything through, or holds the calls.
  gateway = await startHoldingGateway(agent.url, (req) => holding && req.method === "POST", { cardsNameGateway: true });
}, 120_000);

afterAll(async () => {
  for (const res of gateway?.held ?? []) res.destroy();
  await b?.closeAll();
  for (const r of [a, b]) if (r?.hub.store.db.open) r.hub.store.close();
  await gateway?.close();
  await agent?.close();
  pg?.stop();
  dirA.cleanup();
  dirB.cleanup();
});

const failedRows = (a2a: A2aRegistry): Pick<AuditEvent, "actor" | "requestId" | "detail">[] =>
  failedA2aRows(a2a).map(({ actor, requestId, detail }) => ({ actor, requestId, detail }));

describe.runIf(withPg)("A2A answers a dead instance had on their way, on the instance that takes the agent over", () => {
  it("are failed with a Retry B's agent takes while the task waits, stale in words once it moved on; audited under who gave them", async () => {
    const onA = new A2aRegistry(new Hub(new Store(dirA.dir, { databaseUrl: url })));
    a = onA;
    const id = (await onA.create({ name: "scripted", url: gateway.url, headers: {} })).id;
    const waits = await asked(onA, id);
    const movedOn = await asked(onA, id);
    const onB = new A2aRegistry(new Hub(new Store(dirB.dir, { databaseUrl: url })));
    b = onB;
    expect(onB.syncSaved()).toContain(id);

    // A sends both answers; the agent replies to neither.
    holding = true;
    await answerHeld(onA, gateway.held, [
      { as: ADA, request: waits, text: "Ada" },
      { as: BOB, request: movedOn, text: "Bob" },
    ]);
    // While Bob's answer is on its way, the agent says its task was canceled (a push, another client).
    onA.tasks.apply(id, { type: "status", taskId: movedOn.taskId, contextId: movedOn.contextId, state: "canceled" });

    // A dies (nothing closed, as in a crash); B holds the agent's lease now, taken from A.
    holding = false;
    await onB.takeOver(id, { name: STOPPED });
    expect(onB.tasks.getRequest(waits.id)).toMatchObject({ status: "failed", error: { code: "internal:a2a_answer_cut_off" } });
    expect(onB.tasks.getRequest(waits.id)?.error?.message).toMatch(
      /^Loupe A \(127\.0\.0\.1:1\) stopped before the agent replied to this answer/,
    );
    const reason = `The task moved on to canceled while this answer was on its way, and ${STOPPED} stopped before the agent replied to it: it can no longer be answered`;
    expect(onB.tasks.getRequest(movedOn.id)).toMatchObject({ status: "stale", reason });
    expect(failedRows(onB)).toEqual([
      { actor: "Ada Lovelace", requestId: waits.id, detail: `${STOPPED} stopped before the agent replied` },
      { actor: "ci-bot", requestId: movedOn.id, detail: reason },
    ]);
    expect(JSON.stringify(onB.listRequests())).not.toMatch(/Ada Lovelace|ci-bot|inFlight/);

    // The task still waits: the Retry on B is claimed anew, sent, and the agent takes it.
    const retried = await runAsActor(ADA, () => onB.answerRequest(waits.id, { kind: "text", text: "Ada" }));
    expect(retried.status).toBe("answered");
    await until(() => onB.getTask(id, waits.taskId).state === "completed", 10_000, "the task completed on B");
    expect(onB.getTask(id, waits.taskId).statusText).toMatch(/Ada/);
  }, 60_000);
});
