import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { STREAM_WAITS } from "@/lib/server/a2a/stream-end";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startScriptedA2a } from "@/tests/support/a2a-agent";
import { tempDir } from "@/tests/support/servers";

/**
 * How real agents nobody here wrote end a stream (issue 23), against a scripted v0.3 JSON-RPC agent
 * whose message/stream does what the message's text says: `early` ends the stream while the task
 * is still working, `html` answers an HTML page as `text/event-stream` (a proxy's login page),
 * `empty` ends the event stream without any event, `cr` ends its lines with CR alone.
 */
const data = tempDir("loupe-a2a-stream-ends-");
let agent: Awaited<ReturnType<typeof startScriptedA2a>>;
let a2a: A2aRegistry;
let agentId = "";

const frame = (id: number, result: unknown) => `data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`;
const task = (taskId: string, state: string) => ({ kind: "task", id: taskId, contextId: `ctx-${taskId}`, status: { state } });

beforeAll(async () => {
  agent = await startScriptedA2a({ name: "ends", capabilities: { streaming: true } }, (rpc, res) => {
    const text = rpc.params.message.parts[0]?.text ?? "";
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (text === "html") return void res.end("<html><body>\n<h1>Sign in to continue</h1>\n</body></html>\n");
    if (text === "empty") return void res.end();
    if (text === "cr") {
      const cr = (s: string) => s.replace(/\n/g, "\r");
      return void res.end(cr(frame(rpc.id, task("t-cr", "working")) + frame(rpc.id, task("t-cr", "completed"))));
    }
    // A line that is no SSE field (which a client ignores), a frame, then the socket reset.
    if (text === "stray-then-cut") {
      res.write(`warning: ignore me\n\n${frame(rpc.id, task("t-cut", "working"))}`);
      return void setTimeout(() => res.destroy(), 50);
    }
    // Keep-alive comments only, for a second, then the task.
    if (text === "keepalive") {
      const ping = setInterval(() => res.write(": ping\n\n"), 50);
      return void setTimeout(() => {
        clearInterval(ping);
        res.end(frame(rpc.id, task("t-slow", "completed")));
      }, 1_000);
    }
    // A continuation of a task the agent answers with a new task in the same conversation.
    if (text === "continue") return void res.end(frame(rpc.id, { ...task("t-next", "completed"), contextId: "ctx-t-early" }));
    res.end(frame(rpc.id, task("t-early", "submitted")) + frame(rpc.id, task("t-early", "working")));
  });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  agentId = (await a2a.create({ name: "ends", url: `${agent.url}/`, headers: {} })).id;
});

afterAll(async () => {
  await a2a.closeAll();
  await agent.close();
  a2a.hub.store.close();
  data.cleanup();
});

const send = (text: string) => a2a.send(agentId, { parts: [{ kind: "text", text }], stream: true });
const entriesOf = (exchangeId: string, kind: Entry["kind"]) =>
  a2a.hub
    .list(agentId, { limit: 200 })
    .filter((e) => e.kind === kind && (e.raw as { exchangeId?: string }).exchangeId === exchangeId)
    .map((e) => e.raw as { event?: string; error?: string; text?: string });
/** The exchange of the last stream entry recorded (a send that failed returns none). */
const lastExchange = () =>
  (
    a2a.hub
      .list(agentId, { limit: 200 })
      .filter((e) => e.kind === "a2a_request")
      .at(-1)!.raw as { exchangeId: string }
  ).exchangeId;

describe("an A2A stream ended by the agent", () => {
  it("while its task is still working: the stream's close says so, and the task stays working", async () => {
    // Before: a bare "closed", like a stream that ended as it should.
    const { exchangeId } = await send("early");
    await a2a.waitExchange(exchangeId);
    expect(a2a.listTasks(agentId).find((t) => t.taskId === "t-early")).toMatchObject({ state: "working", streaming: false });
    expect(entriesOf(exchangeId, "a2a_stream").at(-1)).toEqual(
      expect.objectContaining({
        event: "closed",
        error: "The agent ended the stream while task t-early was still working: Resubscribe or Refresh (tasks/get) to follow it",
      }),
    );
  });

  it("its open entry is recorded when the stream arrives, before its first frame", async () => {
    // Before: the open was recorded when the first frame was handled, so it listed after that frame.
    const { exchangeId } = await send("early");
    await a2a.waitExchange(exchangeId);
    const mine = a2a.hub.list(agentId, { limit: 200 }).filter((e) => (e.raw as { exchangeId?: string }).exchangeId === exchangeId);
    const open = mine.find((e) => e.kind === "a2a_stream" && (e.raw as { event: string }).event === "open");
    const firstFrame = mine.filter((e) => e.kind === "a2a_frame").sort((a, b) => a.seq - b.seq)[0];
    expect(open).toBeDefined();
    expect(firstFrame).toBeDefined();
    expect(open!.seq).toBeLessThan(firstFrame!.seq);
  });

  it("with an HTML page for its events: the send fails in words and the page is on record", async () => {
    // Before: 202 with no task, and nothing of the page kept.
    await expect(send("html")).rejects.toMatchObject({
      code: "upstream:a2a_protocol",
      status: 502,
      message: "The agent ended its event stream without sending any event",
    });
    const exchangeId = lastExchange();
    await a2a.waitExchange(exchangeId);
    expect(entriesOf(exchangeId, "a2a_malformed").map((m) => m.text)).toEqual([
      "<html><body>\n<h1>Sign in to continue</h1>\n</body></html>",
    ]);
  });

  it("without any event: the send fails in words", async () => {
    // Before: 202 with no task and a bare "closed".
    await expect(send("empty")).rejects.toMatchObject({
      code: "upstream:a2a_protocol",
      message: "The agent ended its event stream without sending any event",
    });
    const exchangeId = lastExchange();
    await a2a.waitExchange(exchangeId);
    expect(entriesOf(exchangeId, "a2a_stream").at(-1)).toMatchObject({
      event: "closed",
      error: expect.stringMatching(/without sending any event/),
    });
  });

  it("with lines ended by CR alone: its last frame is read, and the task completes", async () => {
    // Before: the last event was held for a write that never came; the task stayed working.
    const { exchangeId } = await send("cr");
    await a2a.waitExchange(exchangeId);
    expect(a2a.listTasks(agentId).find((t) => t.taskId === "t-cr")).toMatchObject({ state: "completed" });
    expect(entriesOf(exchangeId, "a2a_stream").at(-1)).toEqual(expect.not.objectContaining({ error: expect.anything() }));
  });

  it("a continuation the agent answers with a new task: the send and the stream name the new task", async () => {
    // Before: the send answered the old task id, and the stream's open and closed entries named it.
    // The open comes before any frame named a task: it names none (the exchange ties it to t-next).
    const sent = await a2a.send(agentId, {
      parts: [{ kind: "text", text: "continue" }],
      stream: true,
      taskId: "t-early",
      contextId: "ctx-t-early",
    });
    expect(sent).toMatchObject({ taskId: "t-next", contextId: "ctx-t-early" });
    await a2a.waitExchange(sent.exchangeId);
    expect(entriesOf(sent.exchangeId, "a2a_stream").map((e) => [e.event, (e as { taskId?: string }).taskId])).toEqual([
      ["open", undefined],
      ["closed", "t-next"],
    ]);
  });

  it("that sends only keep-alives at first: the send answers without a task instead of hanging, and the task comes after", async () => {
    // Before: the send waited, with no bound, for a first frame.
    const wait = STREAM_WAITS.firstFrameMs;
    STREAM_WAITS.firstFrameMs = 200;
    try {
      const started = performance.now();
      const sent = await send("keepalive");
      expect(performance.now() - started).toBeLessThan(900);
      expect(sent.taskId).toBeUndefined();
      await a2a.waitExchange(sent.exchangeId);
      expect(a2a.listTasks(agentId).find((t) => t.taskId === "t-slow")).toMatchObject({ state: "completed" });
    } finally {
      STREAM_WAITS.firstFrameMs = wait;
    }
  });

  it("that ignored line and then a reset socket: the stream is dropped (Resubscribe), not 'a frame did not fit'", async () => {
    // Before: any line recorded raw read as a frame that did not fit, which came before the
    // dropped/lost handling: no Resubscribe, the task not followed.
    const { exchangeId } = await send("stray-then-cut");
    await a2a.waitExchange(exchangeId);
    expect(entriesOf(exchangeId, "a2a_stream").at(-1)).toMatchObject({ event: "dropped" });
    expect(entriesOf(exchangeId, "a2a_malformed").map((m) => m.text)).toEqual(["warning: ignore me"]);
  });
});
