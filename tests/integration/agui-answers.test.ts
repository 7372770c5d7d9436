import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { until } from "@/lib/server/adk/test-support";
import { tempDir } from "@/tests/support/servers";

// A real AG-UI server (raw SSE on 7211) that, like many simple agents, numbers its tool calls per
// run: every "book" run asks the front-end tool `pick` with the id "call_1"; a run whose last
// message is the tool's result says thanks. Its inputs are kept to see what Loupe sent.
const data = tempDir("loupe-agui-answers-");
const inputs: { runId: string; messages: { role: string; toolCallId?: string; content?: unknown }[]; resume?: unknown[] }[] = [];
let server: http.Server;
let agui: AguiService;
let id = "";

const frame = (e: unknown) => `data: ${JSON.stringify(e)}\n\n`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as (typeof inputs)[number] & { threadId: string };
      inputs.push(input);
      const ids = { threadId: input.threadId, runId: input.runId };
      res.writeHead(200, { "content-type": "text/event-stream" });
      const last = input.messages.at(-1);
      let body = frame({ type: "RUN_STARTED", ...ids });
      if (last?.role === "user" && last.content === "huge") {
        body += frame({ type: "TEXT_MESSAGE_START", messageId: `m-${input.runId}`, role: "assistant" });
        body += frame({ type: "TEXT_MESSAGE_CONTENT", messageId: `m-${input.runId}`, delta: "x".repeat(10 * 1024 * 1024) });
        body += frame({ type: "TEXT_MESSAGE_END", messageId: `m-${input.runId}` });
      } else if (last?.role === "tool" || input.resume?.length) {
        body += frame({ type: "TEXT_MESSAGE_START", messageId: `m-${input.runId}`, role: "assistant" });
        body += frame({ type: "TEXT_MESSAGE_CONTENT", messageId: `m-${input.runId}`, delta: "thanks" });
        body += frame({ type: "TEXT_MESSAGE_END", messageId: `m-${input.runId}` });
      } else {
        body += frame({ type: "TOOL_CALL_START", toolCallId: "call_1", toolCallName: "pick", parentMessageId: `a-${input.runId}` });
        body += frame({ type: "TOOL_CALL_ARGS", toolCallId: "call_1", delta: "{}" });
        body += frame({ type: "TOOL_CALL_END", toolCallId: "call_1" });
      }
      if (last?.role === "user" && last.content === "approve" && !input.resume?.length) {
        // The same interrupt id in every run and thread, as a numbering agent would.
        return void res.end(
          body + frame({ type: "RUN_FINISHED", ...ids, outcome: { type: "interrupt", interrupts: [{ id: "int-1", reason: "approval" }] } }),
        );
      }
      res.end(body + frame({ type: "RUN_FINISHED", ...ids }));
    });
  });
  await new Promise<void>((r) => server.listen(7211, "127.0.0.1", () => r()));
  agui = new AguiService(new Hub(openStore(data.dir)));
  id = agui.create({
    name: "numbering",
    url: "http://127.0.0.1:7211/",
    headers: {},
    tools: [{ name: "pick", description: "", parameters: { type: "object", properties: {} } }],
  }).id;
});

afterAll(async () => {
  agui.hub.store.close();
  await new Promise<void>((r) => server.close(() => r()));
  data.cleanup();
});

async function answerPending(threadId: string, result: unknown) {
  const r = agui.listRequests().find((x) => x.threadId === threadId && x.status === "pending")!;
  expect(r).toMatchObject({ kind: "tool", toolCallId: "call_1" });
  await agui.answerRequest(r.id, { kind: "tool_result", result });
  const answered = agui.getRequest(r.id);
  await until(
    () =>
      !!answered.answeredByRunId &&
      agui.thread(id, threadId).runs.some((run) => run.runId === answered.answeredByRunId && run.status !== "running"),
    10_000,
    "the continuation run",
  );
}

describe("AG-UI answers reach exactly their request", () => {
  it("a front-end tool call id reused in a later run: the later answer does not erase the earlier one from the thread", async () => {
    const first = agui.startRun(id, { context: [], text: "book A" });
    await agui.runDone(first.runId);
    await answerPending(first.threadId, "A");
    const second = agui.startRun(id, { context: [], threadId: first.threadId, text: "book B" });
    await agui.runDone(second.runId);
    await answerPending(first.threadId, "B");
    const sent = inputs
      .at(-1)!
      .messages.filter((m) => m.role === "tool")
      .map((m) => m.content);
    expect(sent).toEqual(['"A"', '"B"'].map((s) => JSON.parse(s) as string));
  });

  it("a 10 MB frame: the run finishes, the frame is kept, the thread's entries come back previewed", async () => {
    const started = agui.startRun(id, { context: [], text: "huge" });
    const result = await agui.runDone(started.runId)!;
    expect(result.record.status).toBe("finished");
    const text = agui.thread(id, started.threadId).messages.find((m) => (m as { role?: string }).role === "assistant") as {
      content?: string;
    };
    expect(text.content).toHaveLength(10 * 1024 * 1024);
    const listed = JSON.stringify(agui.threadEntries(id, started.threadId));
    expect(listed.length).toBeLessThan(2 * 1024 * 1024);
  }, 60_000);

  it("an answer to a request whose thread moved on is 409 stale and nothing is sent; two racing answers: one wins, one 409", async () => {
    const first = agui.startRun(id, { context: [], text: "book" });
    await agui.runDone(first.runId);
    const old = agui.listRequests().find((x) => x.threadId === first.threadId && x.status === "pending")!;
    const next = agui.startRun(id, { context: [], threadId: first.threadId, text: "book again" });
    await agui.runDone(next.runId);
    const sentBefore = inputs.length;
    await expect(agui.answerRequest(old.id, { kind: "tool_result", result: "late" })).rejects.toMatchObject({
      status: 409,
      code: "conflict:agui_request_stale",
    });
    expect(inputs).toHaveLength(sentBefore);
    const current = agui.listRequests().find((x) => x.threadId === first.threadId && x.status === "pending")!;
    const out = await Promise.allSettled([
      agui.answerRequest(current.id, { kind: "tool_result", result: "one" }),
      agui.answerRequest(current.id, { kind: "tool_result", result: "two" }),
    ]);
    expect(out.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((out.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    await until(() => inputs.length === sentBefore + 1, 10_000, "one continuation");
    expect(
      inputs
        .at(-1)!
        .messages.filter((m) => m.role === "tool")
        .map((m) => m.content),
    ).toContain("one");
    expect(
      inputs
        .at(-1)!
        .messages.filter((m) => m.role === "tool")
        .map((m) => m.content),
    ).not.toContain("two");
  });

  it("the same interrupt id in two threads: each resume goes to its own thread and names only its interrupt", async () => {
    const a = agui.startRun(id, { context: [], text: "approve" });
    const b = agui.startRun(id, { context: [], text: "approve" });
    await agui.runDone(a.runId);
    await agui.runDone(b.runId);
    const ra = agui.listRequests().find((x) => x.threadId === a.threadId && x.status === "pending")!;
    const rb = agui.listRequests().find((x) => x.threadId === b.threadId && x.status === "pending")!;
    expect([ra.interrupt?.id, rb.interrupt?.id]).toEqual(["int-1", "int-1"]);
    const sentBefore = inputs.length;
    await agui.answerRequest(rb.id, { kind: "resume", status: "resolved", payload: { ok: "b" } });
    await until(() => inputs.length === sentBefore + 1, 10_000, "thread b's resume");
    const sent = inputs.at(-1)! as (typeof inputs)[number] & { threadId: string };
    expect(sent.threadId).toBe(b.threadId);
    expect(sent.resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { ok: "b" } }]);
    expect(agui.getRequest(ra.id).status).toBe("pending");
  });
});
