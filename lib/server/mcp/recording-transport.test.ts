import { describe, expect, it } from "vitest";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { RecordingTransport } from "@/lib/server/mcp/recording-transport";

/** An inner transport that logs what it is sent and answers initialize itself (after a delay). */
class FakeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  sessionId?: string;
  constructor(
    readonly name: string,
    readonly log: string[],
    private readonly initDelayMs = 0,
  ) {
    this.sessionId = name;
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message) this.log.push(`${this.name}:${message.method}${"id" in message ? `:${String(message.id)}` : ""}`);
    if ("method" in message && message.method === "initialize" && "id" in message) {
      const id = message.id;
      setTimeout(() => {
        this.onmessage?.({
          jsonrpc: "2.0",
          id,
          result: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, serverInfo: { name: "fake", version: "1" } },
        });
      }, this.initDelayMs);
    }
  }
}

const flush = () => new Promise((r) => setTimeout(r, 30));

describe("RecordingTransport session reset", () => {
  it("fails or retries only what went to the lost session; a request queued during the reset goes out once, on the new one", async () => {
    const log: string[] = [];
    const received: JSONRPCMessage[] = [];
    const first = new FakeTransport("s0", log);
    const rt = new RecordingTransport(first, {
      record: () => undefined,
      reopen: () => new FakeTransport("s1", log, 10),
    });
    rt.onmessage = (m) => received.push(m);
    await rt.start();
    await rt.send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    await flush();
    received.length = 0;

    // In flight on the old session: a safe list and a tool call.
    await rt.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await rt.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "x" } });
    rt.sessionGone("s0", "HTTP 404");
    // Queued while the new session starts.
    const queued = rt.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "y" } });
    await queued;
    await flush();

    const onNew = log.filter((l) => l.startsWith("s1:"));
    expect(onNew.filter((l) => l === "s1:tools/call:3")).toHaveLength(1);
    expect(onNew.filter((l) => l === "s1:tools/list:1")).toHaveLength(1);
    expect(onNew).not.toContain("s1:tools/call:2");
    const errors = received.filter((m) => "error" in m).map((m) => (m as { id: number }).id);
    expect(errors).toEqual([2]); // the old call fails locally; the queued one is not failed
  });
});

describe("RecordingTransport send", () => {
  it("hands a request to the transport before it records it, and records it before its answer", async () => {
    const log: string[] = [];
    const inner = new FakeTransport("s0", log);
    const rt = new RecordingTransport(inner, {
      record: (direction, kind, payload) => {
        const message = payload as JSONRPCMessage;
        log.push(`record ${direction}:${"method" in message ? message.method : "answer"}`);
      },
    });
    rt.onmessage = () => log.push("answer handed on");
    await rt.start();
    const unwatch = rt.watchNextRequest("tools/call", (id) => log.push(`watched ${String(id)}`));
    const sending = rt.send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } });
    unwatch();
    // Issue 23: a stdio server starts on the request while Loupe writes its entries, and the
    // call's own entry (the watcher) still comes before the request's frame.
    expect(log).toEqual(["s0:tools/call:7", "watched 7", "record out:tools/call"]);
    await sending;
    inner.onmessage?.({ jsonrpc: "2.0", id: 7, result: {} });
    expect(log.slice(3)).toEqual(["record in:answer", "answer handed on"]);
  });
});

describe("RecordingTransport receive", () => {
  const setup = () => {
    const inner = new FakeTransport("s0", []);
    const recorded: unknown[] = [];
    const rt = new RecordingTransport(inner, { record: (_direction, _kind, raw) => recorded.push(raw) });
    const received: JSONRPCMessage[] = [];
    rt.onmessage = (m) => received.push(m);
    return { inner, rt, recorded, received };
  };
  const turn = () => new Promise((r) => setImmediate(r));

  it('records an answer whose id names no pending request and does not hand it on ("3" is not 3)', async () => {
    const { inner, rt, recorded, received } = setup();
    await rt.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "x" } });
    inner.onmessage?.({ jsonrpc: "2.0", id: "3", result: { wrong: true } });
    inner.onmessage?.({ jsonrpc: "2.0", id: 99, result: { wrong: true } });
    expect(recorded).toHaveLength(3);
    expect(received).toEqual([]);
    inner.onmessage?.({ jsonrpc: "2.0", id: 3, result: {} });
    expect(received).toEqual([{ jsonrpc: "2.0", id: 3, result: {} }]);
    // Answered once: a second answer with the same id is unmatched too.
    inner.onmessage?.({ jsonrpc: "2.0", id: 3, result: {} });
    expect(received).toHaveLength(1);
  });

  it("hands on a request reusing a cancelled id (and what followed it) only once the cancel was handled", async () => {
    const { inner, rt, received } = setup();
    const ask = (message: string): JSONRPCMessage => ({ jsonrpc: "2.0", id: 5, method: "elicitation/create", params: { message } });
    const cancel: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5 } };
    const log: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } };
    // One read: the SDK would look 5 up when it handles the cancel, a few microtasks later.
    inner.onmessage?.(ask("first"));
    inner.onmessage?.(cancel);
    inner.onmessage?.(ask("second"));
    inner.onmessage?.(log);
    expect(received).toEqual([ask("first"), cancel]);
    await Promise.resolve();
    expect(received).toHaveLength(2);
    await turn();
    expect(received).toEqual([ask("first"), cancel, ask("second"), log]);
    // Another id, or the same id in a later read, goes on at once.
    inner.onmessage?.(ask("third"));
    expect(received).toHaveLength(5);
    // A close hands on what still waits, before the close.
    inner.onmessage?.(cancel);
    inner.onmessage?.(ask("fourth"));
    rt.onclose = () => received.push({ jsonrpc: "2.0", method: "closed" });
    inner.onclose?.();
    expect(received.slice(5)).toEqual([cancel, ask("fourth"), { jsonrpc: "2.0", method: "closed" }]);
  });
});
