import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { Store } from "@/lib/server/store";
import { pgAvailable, startPgCluster, type PgCluster } from "@/tests/support/pg-cluster";
import { tempDir } from "@/tests/support/servers";
import { createRunServer } from "@/tests/fixtures/agui/run-server";

/**
 * Two instances' AG-UI services on one PostgreSQL database (issue 25), a real AG-UI server (SSE over
 * HTTP) whose run asks the front-end tool `pick`: the request A's run left stays pending while A
 * lives (another instance opening the store leaves it alone), and when B takes the agent over from a
 * dead A, AG-UI having no resume, the request and the run A left streaming are closed in words.
 */
const withPg = pgAvailable();
const dirA = tempDir("loupe-agui-take-a-");
const dirB = tempDir("loupe-agui-take-b-");
const dirs = [dirA, dirB];
const frame = (e: unknown) => `data: ${JSON.stringify(e)}\n\n`;
let pg: PgCluster;
let url = "";
let server: http.Server;
let a: AguiService;

beforeAll(async () => {
  if (!withPg) return;
  pg = await startPgCluster();
  url = pg.createDatabase("agui_take_over");
  server = createRunServer((input, res) => {
    const ids = { threadId: input.threadId, runId: input.runId };
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(
      frame({ type: "RUN_STARTED", ...ids }) +
        frame({ type: "TOOL_CALL_START", toolCallId: "call_1", toolCallName: "pick", parentMessageId: `a-${input.runId}` }) +
        frame({ type: "TOOL_CALL_ARGS", toolCallId: "call_1", delta: "{}" }) +
        frame({ type: "TOOL_CALL_END", toolCallId: "call_1" }) +
        frame({ type: "RUN_FINISHED", ...ids }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  a = new AguiService(new Hub(new Store(dirA.dir, { databaseUrl: url })));
}, 120_000);

afterAll(async () => {
  await a?.closeAll();
  a?.hub.store.close();
  if (server) await new Promise<void>((r) => server.close(() => r()));
  pg?.stop();
  for (const d of dirs) d.cleanup();
});

describe.runIf(withPg)("an AG-UI agent taken over by another instance", () => {
  it("closes, in words, the request and the run the dead holder left; leaves a live one's alone", async () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const id = a.create({
      name: "picker",
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      tools: [{ name: "pick", description: "", parameters: { type: "object", properties: {} } }],
    }).id;
    const started = a.startRun(id, { context: [], text: "book" });
    await a.runDone(started.runId);
    const request = a.listRequests().find((r) => r.threadId === started.threadId && r.status === "pending");
    if (!request) throw new Error("no request is pending on A");
    const finished = a.store.getRun(started.runId);
    if (!finished) throw new Error("A's run was not stored");
    const left: AguiRunRecord = { ...finished, runId: "run-left-by-a", status: "running", endedAt: null };
    a.store.saveRun(left);

    // B starts while A lives: A's request and run stay as they are (they used to go stale at B's start).
    const b = new AguiService(new Hub(new Store(dirB.dir, { databaseUrl: url })));
    try {
      expect(b.getRequest(request.id).status).toBe("pending");
      expect(b.syncSaved()).toContain(id);

      b.takeOver(id, { name: "Loupe A (127.0.0.1:1)" });
      const closed = b.getRequest(request.id);
      expect(closed).toMatchObject({
        status: "stale",
        reason: expect.stringContaining("Loupe A (127.0.0.1:1) stopped before it was answered"),
      });
      expect(b.store.getRun(left.runId)).toMatchObject({
        status: "error",
        error: { code: "upstream:instance_stopped" },
      });
      await expect(b.answerRequest(request.id, { kind: "tool_result", result: "x" })).rejects.toMatchObject({
        code: "conflict:agui_request_stale",
        status: 409,
      });
    } finally {
      b.hub.store.close();
    }
  }, 120_000);
});
