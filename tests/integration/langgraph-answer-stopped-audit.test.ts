import { afterAll, describe, expect, it, vi } from "vitest";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import type { LgRunStream } from "@/lib/server/langgraph/client";
import { runAsActor } from "@/lib/server/people/actor-context";
import { AuditLog } from "@/lib/server/people/audit-log";
import { openStore } from "@/lib/server/store";
import { FakeServer } from "@/tests/support/lg-fake-server";
import { tempDir } from "@/tests/support/servers";

/**
 * LangGraph answers that Loupe's own stop cut off, on the in-memory LangGraph server of the requests
 * tests: one whose resume had not gone out, one whose resume run was streaming. The next start fails
 * both (as before) and now writes the audit's `failed` row for each, under the person who gave it
 * (the answer runs as its actor, as answerAudited runs the route's). The "restart" is a crash: the
 * first service is left as it was (nothing closed, memory gone) and a second opens the same folder.
 */
const data = tempDir("loupe-lg-stopped-audit-");
const ADA: Actor = { kind: "person", name: "Ada Lovelace", role: "responder" };
const BOB: Actor = { kind: "service", name: "ci-bot", role: "responder" };
const services: LangGraphService[] = [];
/** Ends the resume runs left streaming (the stopped Loupe's, closed after the test). */
const cuts: (() => void)[] = [];

afterAll(async () => {
  for (const cut of cuts) cut();
  for (const s of services) {
    await s.closeAll();
    s.hub.store.close();
  }
  data.cleanup();
});

function start(fake: FakeServer): LangGraphService {
  const service = new LangGraphService(new Hub(openStore(data.dir)), { clientFor: () => fake });
  services.push(service);
  return service;
}

const requestOf = (lg: LangGraphService, threadId: string): LgHumanRequest | undefined =>
  lg.store.listRequests().find((r) => r.threadId === threadId);

const failedRows = (lg: LangGraphService): AuditEvent[] =>
  new AuditLog(lg.hub.store).query({ source: "langgraph", kind: "failed", limit: 50 }).events.reverse();

describe("a LangGraph answer Loupe stopped before it took", () => {
  it("is logged failed at the next start under who gave it: a resume not sent yet, and one cut while it streamed", async () => {
    const fake = new FakeServer();
    const first = start(fake);
    const dep = (await first.create({ name: "fake", url: "http://127.0.0.1:1/", headers: {}, pollSeconds: 0 })).id;
    fake.interrupt("t-unsent", [{ id: "U", value: { q: "send?" } }]);
    fake.interrupt("t-cut", [{ id: "C", value: { q: "cut?" } }]);
    await first.threads.detail(dep, "t-unsent");
    await first.threads.detail(dep, "t-cut");
    const unsent = requestOf(first, "t-unsent")!;
    const cut = requestOf(first, "t-cut")!;
    expect([unsent.status, cut.status]).toEqual(["pending", "pending"]);

    // The resume of t-cut goes out and streams until Loupe stops; the server keeps the interrupt.
    const streamRun = fake.streamRun;
    fake.streamRun = async (threadId: string, body: Record<string, unknown>): Promise<LgRunStream> => {
      const stream = await streamRun(threadId, body);
      fake.interrupt("t-cut", [{ id: "C", value: { q: "cut?" } }]);
      return { runId: stream.runId, read: () => new Promise((resolve) => cuts.push(() => resolve({ cut: true, reason: "cut" }))) };
    };
    const streaming = await runAsActor(BOB, () => first.answerRequest(cut.id, { kind: "value", value: "go" }));
    expect(streaming).toMatchObject({ status: "answered", answeredByRunId: "run-1" });

    // The answer to t-unsent is taken; Loupe stops while it re-reads the thread before the resume.
    const getThread = fake.getThread;
    fake.getThread = () => new Promise(() => undefined);
    void runAsActor(ADA, () => first.answerRequest(unsent.id, { kind: "value", value: "yes" }));
    await vi.waitFor(() => expect(requestOf(first, "t-unsent")?.status).toBe("answered"));
    expect(failedRows(first)).toEqual([]);
    // Who answered stays in the store: the request as the routes and the inbox show it does not carry it.
    expect(JSON.stringify([first.getRequest(unsent.id), first.listRequests()])).not.toContain("Ada Lovelace");

    fake.getThread = getThread;
    fake.streamRun = streamRun;
    const next = start(fake);
    await vi.waitFor(() => {
      expect(requestOf(next, "t-unsent")).toMatchObject({ status: "failed", error: { code: "internal:langgraph_answer_not_sent" } });
      expect(requestOf(next, "t-cut")).toMatchObject({ status: "failed", error: { code: "upstream:langgraph_resume_not_taken" } });
    });
    const rows = failedRows(next).map(({ actor, actorKind, role, requestId, detail }) => ({ actor, actorKind, role, requestId, detail }));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          actor: "Ada Lovelace",
          actorKind: "person",
          role: "responder",
          requestId: unsent.id,
          detail: "Loupe stopped before this answer was sent; retry sends it",
        },
        {
          actor: "ci-bot",
          actorKind: "service",
          role: "responder",
          requestId: cut.id,
          detail: "Loupe stopped before the agent server replied",
        },
      ]),
    );
  });
});
