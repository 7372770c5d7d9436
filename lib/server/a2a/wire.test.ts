import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
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
  const end = () => controller?.close();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { headers: { "content-type": "text/event-stream" } })),
  );
  return { write, end, state };
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

describe("the A2A wire recording a request", () => {
  const kinds = (agentId: string) => hub.list(agentId, { limit: 100 }).map((e: Entry) => e.kind);

  it("sends the request before recording it, and records it before anything of its answer, even one already there", async () => {
    // Before: the request was recorded (~0.5 ms) before fetch was even called.
    const seenAtSend: string[][] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        seenAtSend.push(kinds("ag-order"));
        return new Response(chunk("at once"), { headers: { "content-type": "text/event-stream" } });
      }),
    );
    const { wire } = wireFor("ag-order");
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    await wire.streamEnded;
    expect(seenAtSend).toEqual([[]]);
    const entries = hub.list("ag-order", { limit: 100 }).sort((a, b) => a.seq - b.seq);
    expect(entries.map((e) => e.kind)).toEqual(["a2a_request", "a2a_frame"]);
  });

  it("records each request under its own method when two are on their way at once", async () => {
    // Before: recorded on the next turn, the first was named after the second.
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }), { headers: { "content-type": "application/json" } }),
      ),
    );
    const { wire } = wireFor("ag-two");
    const call = (method: string) =>
      wire.fetchWith({})("http://agent.test/a2a", {
        ...post("application/json"),
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: {} }),
      });
    await Promise.all([call("SendMessage"), call("GetTask")]);
    const methods = hub
      .list("ag-two", { limit: 100 })
      .filter((e: Entry) => e.kind === "a2a_request")
      .sort((a, b) => a.seq - b.seq)
      .map((e) => (e.raw as { method: string }).method);
    expect(methods).toEqual(["SendMessage", "GetTask"]);
  });

  it("fails the call when its request cannot be recorded, never with an uncaught throw", async () => {
    // Before: the recording failed on the next turn, outside any caller (an uncaught exception).
    let cancelled = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const body = new ReadableStream({ cancel: () => void (cancelled = true) });
        return new Response(body, { headers: { "content-type": "application/json" } });
      }),
    );
    vi.spyOn(hub, "record").mockImplementation(() => {
      throw new Error("the store is closed");
    });
    const { wire } = wireFor("ag-unrecorded");
    await expect(wire.fetchWith({})("http://agent.test/a2a", post("application/json"))).rejects.toThrow("the store is closed");
    expect(cancelled).toBe(true);
  });

  it("records a request whose fetch failed, once", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    const { wire } = wireFor("ag-refused");
    await expect(wire.fetchWith({})("http://agent.test/a2a", post("application/json"))).rejects.toThrow("fetch failed");
    await new Promise((resolve) => setImmediate(resolve));
    expect(kinds("ag-refused")).toEqual(["a2a_request"]);
  });
});

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

/** The kinds and texts an agent's exchange recorded, in order (a frame by its artifact text, raw text as it came). */
const recorded = (agentId: string) =>
  hub
    .list(agentId, { limit: 100 })
    .filter((e: Entry) => e.kind === "a2a_frame" || e.kind === "a2a_malformed")
    .map((e) => {
      const raw = e.raw as { text?: string; error?: string; contextId?: string };
      return e.kind === "a2a_frame"
        ? { kind: e.kind, text: JSON.stringify(e.raw).match(/"text":"([^"]*)"/)?.[1], context: raw.contextId, session: e.sessionKey }
        : { kind: e.kind, text: raw.text, error: raw.error };
    });

describe("the A2A wire reading what real agents send", () => {
  it("lines ended by CR alone: each event is recorded when it arrives, the last one too", async () => {
    // Before: the parser held each read's closing CR, so every event waited for the agent's next
    // write, and the last one (the task's end) was never recorded.
    const agent = agentBody();
    const { wire } = wireFor("ag-cr");
    const cr = (text: string) => chunk(text).replace(/\n/g, "\r");
    agent.write(cr("one"));
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    expect(framesOf("ag-cr")).toEqual(["one"]);
    // A CRLF split across two reads is one line end, not two.
    agent.write(cr("two").slice(0, -1) + "\r");
    agent.write("\n" + cr("three"));
    agent.end();
    expect(await wire.streamEnded).toBeUndefined();
    expect(recorded("ag-cr")).toMatchObject([{ text: "one" }, { text: "two" }, { text: "three" }]);
  });

  it("an event the stream ended in the middle of is recorded raw with why, not as a frame", async () => {
    const agent = agentBody();
    const { wire } = wireFor("ag-cut");
    agent.write(chunk("whole"));
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    agent.write(chunk("no blank line after it").trimEnd());
    agent.end();
    await wire.streamEnded;
    const [whole, cut] = recorded("ag-cut");
    expect(whole).toMatchObject({ kind: "a2a_frame", text: "whole" });
    expect(cut).toMatchObject({ kind: "a2a_malformed", error: expect.stringMatching(/^The stream ended in the middle of this event/) });
    expect(cut!.text).toContain('"text":"no blank line after it"');
    expect(wire.sawMalformed).toBe(true);
  });

  it("an HTML page sent as an event stream is recorded raw (an SSE client drops its lines)", async () => {
    // Before: nothing of it was kept; the exchange read as a stream that closed without a word.
    const agent = agentBody();
    const { wire } = wireFor("ag-html");
    const answered = wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    agent.write("<html><body>\n<h1>Login required</h1>\n");
    agent.write("</body></html>");
    agent.end();
    await answered;
    await wire.streamEnded;
    const rows = recorded("ag-html");
    expect(rows.map((r) => r.kind)).toEqual(["a2a_malformed", "a2a_malformed"]);
    expect(rows.map((r) => r.text).join("\n")).toBe("<html><body>\n<h1>Login required</h1>\n</body></html>");
    expect(rows[0]!.error).toMatch(/^Lines that are not server-sent event fields/);
    // Not frames that did not fit: an SSE client ignores such lines.
    expect(wire.sawMalformed).toBe(false);
  });

  it("a page on one line of megabytes is kept cut to 64 K characters, not whole", async () => {
    const agent = agentBody();
    const { wire } = wireFor("ag-big-line");
    const answered = wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    agent.write(`<html>${"x".repeat(1_000_000)}</html>\n`);
    agent.end();
    await answered;
    await wire.streamEnded;
    const [row] = recorded("ag-big-line");
    const stored = hub.list("ag-big-line", { limit: 10 }).find((e) => e.kind === "a2a_malformed")!;
    // The entry's whole size (not its preview) says the line was cut.
    expect(stored.rawBytes).toBeLessThan(70 * 1024);
    expect(row!.kind).toBe("a2a_malformed");
  });

  it("a frame of another conversation in the same stream is recorded under its own context", async () => {
    const agent = agentBody();
    const { wire } = wireFor("ag-ctx");
    const status = (taskId: string, contextId: string) =>
      `data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { statusUpdate: { taskId, contextId, status: { state: "TASK_STATE_WORKING" } } } })}\n\n`;
    agent.write(status("x", "ctxP") + status("y", "ctxQ"));
    agent.end();
    await wire.fetchWith({})("http://agent.test/a2a", post("text/event-stream"));
    await wire.streamEnded;
    expect(recorded("ag-ctx").map((r) => [r.context, r.session])).toEqual([
      ["ctxP", "ctxP"],
      ["ctxQ", "ctxQ"],
    ]);
  });
});

describe("the A2A wire recording a request", () => {
  it("masks the saved headers and any credential, and keeps the protocol's own readable", async () => {
    // Before: every value was masked, A2A-Version and Accept too: nothing to debug the request by.
    const agent = agentBody();
    const { wire, abort } = wireFor("ag-headers");
    agent.write(chunk("one"));
    const sent = post("text/event-stream");
    await wire.fetchWith({ Authorization: "Bearer s3cret", "X-Tenant": "acme" })("http://agent.test/a2a", {
      ...sent,
      headers: { ...sent.headers, "a2a-version": "1.0", "x-api-key": "k" },
    });
    const request = hub.list("ag-headers", { limit: 10 }).find((e) => e.kind === "a2a_request")!.raw as { headers: Record<string, string> };
    expect(request.headers).toEqual({
      accept: "text/event-stream",
      "content-type": "application/json",
      "a2a-version": "1.0",
      "x-api-key": SECRET_MASK,
      authorization: `Bearer ${SECRET_MASK}`,
      "x-tenant": SECRET_MASK,
    });
    expect(JSON.stringify(request)).not.toContain("s3cret");
    abort.abort(new Error("test over"));
    await wire.streamEnded;
  });
});
