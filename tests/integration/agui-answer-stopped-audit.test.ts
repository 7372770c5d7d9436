import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { runAsActor } from "@/lib/server/people/actor-context";
import { AuditLog } from "@/lib/server/people/audit-log";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";
import { createRunServer, pickFrames, sseFrame } from "@/tests/fixtures/agui/run-server";

/**
 * AG-UI answers that Loupe's own stop cut off, against a real AG-UI server (SSE over HTTP): one
 * whose resume run was streaming (the agent had not finished it), and one kept for the other request
 * of its run. The next start fails the first as an abort of its run would (Retry sends it again) and
 * writes the audit's `failed` row under who gave it; the second goes stale, saying why in words, with
 * its row too. The "restart" is a crash: the first service is left as it was (nothing closed, memory
 * gone) and a second opens the same folder (as tests/integration/langgraph-answer-stopped-audit.test.ts).
 */
const data = tempDir("loupe-agui-stopped-audit-");
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const services: AguiService[] = [];
/** While set, a run carrying a tool result starts and then hangs (the agent never finishes it). */
let holding = false;
const held: http.ServerResponse[] = [];
let server: http.Server;

beforeAll(async () => {
  // "book" asks the front-end tool `pick` once, "book two" twice; a run carrying the tool's results says thanks.
  server = createRunServer((input, res) => {
    const ids = { threadId: input.threadId, runId: input.runId };
    const last = input.messages.at(-1);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(sseFrame({ type: "RUN_STARTED", ...ids }));
    if (last?.role === "tool" && holding) return void held.push(res);
    res.end(pickFrames(input) + sseFrame({ type: "RUN_FINISHED", ...ids }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
});

afterAll(async () => {
  for (const res of held) res.end();
  for (const s of services) {
    await s.closeAll();
    s.hub.store.close();
  }
  await new Promise<void>((r) => server.close(() => r()));
  data.cleanup();
});

function start(): AguiService {
  const service = new AguiService(new Hub(openStore(data.dir)));
  services.push(service);
  return service;
}

async function pendingAfter(agui: AguiService, agentId: string, text: string): Promise<AguiHumanRequest[]> {
  const run = agui.startRun(agentId, { context: [], text });
  await agui.runDone(run.runId);
  return agui.listRequests().filter((r) => r.threadId === run.threadId && r.status === "pending");
}

const failedRows = (agui: AguiService): Pick<AuditEvent, "actor" | "actorKind" | "role" | "requestId" | "detail">[] =>
  new AuditLog(agui.hub.store)
    .query({ source: "agui", kind: "failed", limit: 50 })
    .events.reverse()
    .map(({ actor, actorKind, role, requestId, detail }) => ({ actor, actorKind, role, requestId, detail }));

describe("an AG-UI answer Loupe stopped before its run ended", () => {
  it("fails at the next start as an abort would, under who gave it; one kept for its run's other request goes stale in words", async () => {
    const first = start();
    const port = (server.address() as AddressInfo).port;
    const id = first.create({
      name: "picker",
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      tools: [{ name: "pick", description: "", parameters: { type: "object", properties: {} } }],
    }).id;
    const [cut] = await pendingAfter(first, id, "book");
    const [kept, other] = await pendingAfter(first, id, "book two");
    expect([cut, kept, other].every(Boolean)).toBe(true);

    // Bob's answer waits for the other request of its run; Ada's goes out and its run never ends.
    const waiting = await runAsActor(BOB, () => first.answerRequest(kept!.id, { kind: "tool_result", result: "A" }));
    expect(waiting).toMatchObject({ status: "answered", reason: "Sent with the 1 other request of this run once it is answered" });
    holding = true;
    const sent = await runAsActor(ADA, () => first.answerRequest(cut!.id, { kind: "tool_result", result: "B" }));
    expect(sent).toMatchObject({ status: "answered", answeredByRunId: expect.any(String) });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(failedRows(first)).toEqual([]);
    // Who answered stays in the store: the request as the routes, the inbox and the entries show it does not carry it.
    const shown = [sent, waiting, first.getRequest(cut!.id), first.listRequests(), first.threadEntries(id, sent.threadId)];
    expect(JSON.stringify(shown)).not.toMatch(/Ada Lovelace|ci-bot/);

    // Loupe stops (its memory gone, nothing closed); the next start opens the same folder.
    const next = start();
    expect(next.store.getRun(sent.answeredByRunId!)).toMatchObject({ status: "error", error: { code: "internal:loupe_restarted" } });
    expect(next.getRequest(cut!.id)).toMatchObject({
      status: "failed",
      error: { code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" },
    });
    const keptReason =
      "Loupe restarted while this answer waited for its run's other requests, closed unanswered with it (stale): AG-UI sends a run's answers together, so this one was never sent; start a new run";
    expect(next.getRequest(kept!.id)).toMatchObject({ status: "stale", reason: keptReason });
    expect(next.getRequest(other!.id)).toMatchObject({ status: "stale" });
    expect(failedRows(next)).toEqual(
      expect.arrayContaining([
        {
          actor: "Ada Lovelace",
          actorKind: "person",
          role: "responder",
          requestId: cut!.id,
          detail: "Loupe stopped before the agent server replied",
        },
        { actor: "ci-bot", actorKind: "service", role: "responder", requestId: kept!.id, detail: keptReason },
      ]),
    );
    expect(failedRows(next)).toHaveLength(2);

    // The Retry sends the answer again, and the agent takes it.
    holding = false;
    const retried = await runAsActor(ADA, () => next.answerRequest(cut!.id, { kind: "tool_result", result: "B" }));
    expect((await next.runDone(retried.answeredByRunId!))?.record.status).toBe("finished");
    expect(next.getRequest(cut!.id)).toMatchObject({ status: "answered", answeredByRunId: retried.answeredByRunId });
  }, 30_000);
});
