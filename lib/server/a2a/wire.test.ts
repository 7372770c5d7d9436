import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { A2aWire } from "@/lib/server/a2a/wire";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

/**
 * The recording wire's SSE reading (issue 23's relay): it reads ahead of the frame it handles, and
 * holds the SDK's empty response back until a stream's first frame. Each agent here is a body the
 * test writes into, given to the wire by a stubbed fetch.
 */
const data = tempDir("loupe-a2a-wire-");
const hub = new Hub(openStore(data.dir));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

afterAll(() => {
  hub.store.close();
  data.cleanup();
});

/** One v1.0 artifact chunk as an SSE event, its text `text`. */
const chunk = (text: string) =>
  `data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { artifactUpdate: { taskId: "t", contextId: "c", artifact: { artifactId: "a", parts: [{ text }] } } } })}\n\n`;

/** An agent's SSE body the test writes into; `cancelled` is what the reader cancelled it with. */
function agentBody() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const state: { cancelled?: unknown } = {};
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: (reason) => void (state.cancelled = reason ?? "cancelled"),
  });
  const write = (text: string) => controller?.enqueue(new TextEncoder().encode(text));
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { headers: { "content-type": "text/event-stream" } })),
  );
  return { write, state };
}

function wireFor(agentId: string, abort = new AbortController()) {
  return { wire: new A2aWire(hub, { agentId, exchangeId: `${agentId}-x`, transport: "JSONRPC", signal: abort.signal }), abort };
}

const post = (accept: string) => ({
  method: "POST",
  headers: { accept, "content-type": "application/json" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendStreamingMessage", params: {} }),
});

const framesOf = (agentId: string) =>
  hub
    .list(agentId, { limit: 100 })
    .filter((e: Entry) => e.kind === "a2a_frame")
    .map((e) => JSON.stringify(e.raw).match(/"text":"([^"]*)"/)?.[1]);

describe("the A2A wire reading a stream", () => {
  it("a streaming call gets its response once its first frame is recorded", async () => {
    const agent = agentBody();
    const { wire, abort } = wireFor("ag-stream");
    agent.write(": a comment first\n\n");
    const answered = wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    agent.write(chunk("first"));
    await answered;
    expect(framesOf("ag-stream")).toEqual(["first"]);
    abort.abort(new Error("test over"));
    await wire.streamEnded;
  });

  it("a unary call answered with an event stream that sends no event gets its (empty) response at once", async () => {
    // Before: it waited for a first frame that never came (the agent keeps the stream open).
    const agent = agentBody();
    const { wire, abort } = wireFor("ag-unary");
    agent.write(": keep-alive\n\n");
    const res = await wire.fetchWith({})("http://agent.test/a2a", post("application/json"));
    expect(await res.text()).toBe("");
    abort.abort(new Error("test over"));
    expect(await wire.streamEnded).toBe("test over");
  });

  it("a read that arrived while the first frame had its turn, and after the exchange was aborted, is not recorded", async () => {
    const agent = agentBody();
    const { wire, abort } = wireFor("ag-abort");
    // The first frame's batch is broadcast before the page's turn: the next read arrives then, and
    // the exchange is aborted (its agent removed) before the wire handles that read.
    const off = hub.subscribeBatches(hub.maxSeq(), (entries) => {
      if (!entries.some((e) => e.connectionId === "ag-abort" && e.kind === "a2a_frame")) return;
      off();
      agent.write(chunk("after the abort"));
      abort.abort(new Error("agent removed"));
    });
    agent.write(chunk("A") + chunk("B"));
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    expect(await wire.streamEnded).toBe("agent removed");
    // B came in the same read as A, before the abort; the next read is dropped.
    expect(framesOf("ag-abort")).toEqual(["A", "B"]);
  });

  it("a stream whose frames cannot be recorded ends, and its body is let go of", async () => {
    const agent = agentBody();
    const { wire } = wireFor("ag-fail");
    const record = hub.recordAll.bind(hub);
    vi.spyOn(hub, "recordAll").mockImplementation((records, opts) => {
      if (records.some((r) => r.entry.kind === "a2a_frame")) throw new Error("the store failed");
      return record(records, opts);
    });
    agent.write(chunk("lost"));
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    expect(await wire.streamEnded).toBe("the store failed");
    // Before: the body stayed open (its socket too) until the agent closed it.
    expect(agent.state.cancelled).toBeInstanceOf(Error);
  });
});
