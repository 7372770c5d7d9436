import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InboxItem } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import { ACTOR_HEADER, encodeActor, type Actor, type AuditEvent, type AuditPage } from "@/lib/contracts/people";
import { getAgents } from "@/lib/server/adk/agents";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import { startHoldingGateway, type HoldingGateway } from "@/tests/support/holding-gateway";
import * as answersRoute from "@/app/api/agents/[id]/answers/route";
import * as auditRoute from "@/app/api/audit/route";

/**
 * An ADK answer that Loupe's own stop cut off (given through the route, Loupe gone before the agent
 * server replied) is failed at the next start, and the audit log says so: a `failed` row under the
 * person who gave it, with why. The first Loupe is the routes' singletons; the "restart" drops them
 * (a crash: nothing closed, memory gone) and the routes open the same data folder again.
 */

// The singletons read LOUPE_DATA_DIR lazily, on the first handler call below.
const data = tempDir("loupe-adk-stopped-audit-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder", email: "ada@example.test" };
const SINGLETONS = ["loupe.agents", "loupe.hub", "loupe.store", "loupe.audit"];

let server: AgentServer;
let gateway: HoldingGateway;
/** While set, the gateway holds each /run_sse it gets (the agent server never replies to it). */
let holding = false;
const firstRun = getAgents();

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  // A gateway in front of the agent server: passes everything through, or holds the answer's run.
  gateway = await startHoldingGateway(server.url, (req) => holding && (req.url?.startsWith("/run_sse") ?? false));
});

afterAll(async () => {
  await getAgents().closeAll();
  await firstRun.closeAll();
  await gateway.close();
  await server.stop();
  data.cleanup();
});

async function auditRows(): Promise<AuditEvent[]> {
  const page = (await (await auditRoute.GET(new Request(`${base}/api/audit?source=adk&limit=500`))).json()) as AuditPage;
  return page.events.reverse();
}

describe("an ADK answer Loupe stopped before the agent server replied", () => {
  it("is logged failed at the next start, under the person who gave it", async () => {
    const url = gateway.url;
    const id = (await firstRun.create({ name: "demo", url, headers: {}, userId: "u1" })).id;
    await firstRun.createSession(id, "loupe_demo", { sessionId: "s-stopped" });
    const run = firstRun.run(id, "loupe_demo", "s-stopped", { parts: [{ text: "job" }], streaming: false });
    expect((await firstRun.waitRun(run.id))?.status).toBe("completed");
    const sessionKey = adkSessionKey("loupe_demo", "u1", "s-stopped");
    const item = firstRun.listInbox().find((i) => i.sessionKey === sessionKey && i.status === "pending") as InboxItem;
    expect(item).toBeDefined();

    holding = true;
    const body = {
      sessionKey,
      interruptId: item.id,
      interruptKey: item.key,
      answer: { kind: "long_running", response: { status: "done" } },
      streaming: false,
    };
    const answering = answersRoute.POST(
      new Request(`${base}/x`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", [ACTOR_HEADER]: encodeActor(ADA) },
      }),
      { params: Promise.resolve({ id }) },
    );
    await vi.waitFor(() => expect(gateway.held).toHaveLength(1));
    await vi.waitFor(() => expect(firstRun.listInbox().find((i) => i.key === item.key)?.lastAnswer?.status).toBe("sending"));
    const requestId = `${id}/${sessionKey}/${item.key}`;
    expect((await auditRows()).filter((e) => e.requestId === requestId).map((e) => e.kind)).toEqual(["raised"]);

    // Loupe stops: its memory is gone (nothing is closed, as in a crash); the next start opens the same folder.
    for (const key of SINGLETONS) Reflect.deleteProperty(globalThis, Symbol.for(key));
    const next = getAgents();
    expect(next).not.toBe(firstRun);
    expect(next.listInbox().find((i) => i.key === item.key)).toMatchObject({ status: "failed", lastAnswer: { status: "failed" } });

    const rows = (await auditRows()).filter((e) => e.requestId === requestId);
    expect(rows.map(({ kind, actor, actorKind, role, source, detail }) => ({ kind, actor, actorKind, role, source, detail }))).toEqual([
      { kind: "raised", actor: "adk peer", actorKind: "peer", role: null, source: "adk", detail: null },
      {
        kind: "failed",
        actor: "Ada Lovelace",
        actorKind: "person",
        role: "responder",
        source: "adk",
        detail: "Loupe stopped before the agent server replied",
      },
    ]);
    // Who answered stays in the store: the inbox and the answer the page reads do not carry it.
    expect(JSON.stringify(next.listInbox())).not.toContain("Ada Lovelace");

    // The stopped Loupe's route, let go after the assertions (what it writes now is not the next start's).
    for (const res of gateway.held) res.destroy();
    await answering;
  }, 30_000);
});
