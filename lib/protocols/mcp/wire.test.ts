import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { HttpExchange } from "@/lib/contracts/network";
import { entryForMessage, exchangeForEntry, formatTtl, metaFields, resultHints } from "./wire";

function entry(seq: number, direction: "in" | "out", receivedAt: number, raw: unknown): Entry {
  return {
    seq,
    connectionId: "c",
    sessionKey: "s",
    receivedAt,
    sourceTime: null,
    direction,
    protocol: "mcp",
    kind: "message",
    raw,
    rawBytes: 10,
  };
}

function exchange(id: string, startedAt: number, durationMs: number | undefined, messages: HttpExchange["messages"]): HttpExchange {
  return {
    id,
    state: durationMs === undefined ? "open" : "done",
    method: "POST",
    url: "http://h/mcp",
    status: 200,
    requestHeaders: {},
    responseHeaders: {},
    startedAt,
    durationMs,
    requestBytes: 1,
    responseBytes: 1,
    messages,
  };
}

describe("wire fields of a message", () => {
  it("lists _meta with the reserved keys labelled and first", () => {
    const raw = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: {
        _meta: {
          "com.example/trace": "t1",
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { sampling: {} },
          progressToken: 7,
        },
      },
    };
    expect(metaFields(raw).map((f) => [f.label, f.value])).toEqual([
      ["Protocol version", "2026-07-28"],
      ["Client capabilities", { sampling: {} }],
      ["Progress token", 7],
      ["com.example/trace", "t1"],
    ]);
    expect(
      metaFields({ jsonrpc: "2.0", id: 1, result: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } } })[0]?.label,
    ).toBe("Related task");
    expect(metaFields({ jsonrpc: "2.0", method: "x" })).toEqual([]);
  });

  it("reads resultType and the cache hints of a list result", () => {
    expect(
      resultHints({ jsonrpc: "2.0", id: 2, result: { tools: [], resultType: "complete", ttlMs: 60000, cacheScope: "public" } }),
    ).toEqual({
      resultType: "complete",
      ttlMs: 60000,
      cacheScope: "public",
    });
    expect(resultHints({ jsonrpc: "2.0", id: 2, result: { tools: [] } })).toEqual({});
    expect(formatTtl(0)).toMatch(/^0/);
    expect(formatTtl(60000)).toBe("1 min");
    expect(formatTtl(1500)).toBe("1.5 s");
  });
});

describe("which exchange carried a message", () => {
  const init = exchange("a", 1000, 20, [
    { dir: "out", id: 0, method: "initialize" },
    { dir: "in", id: 0, response: true },
  ]);
  const stream = exchange("g", 1100, undefined, [{ dir: "in", method: "notifications/message" }]);
  const laterSession = exchange("b", 60_000, 20, [{ dir: "out", id: 0, method: "initialize" }]);
  const all = [init, stream, laterSession];

  it("finds the POST of a request and of its response, and the open stream of a notification", () => {
    expect(exchangeForEntry(all, entry(1, "out", 999, { jsonrpc: "2.0", id: 0, method: "initialize" }))?.id).toBe("a");
    expect(exchangeForEntry(all, entry(2, "in", 1015, { jsonrpc: "2.0", id: 0, result: {} }))?.id).toBe("a");
    expect(exchangeForEntry(all, entry(3, "in", 9000, { jsonrpc: "2.0", method: "notifications/message", params: {} }))?.id).toBe("g");
    // The same id in a later session belongs to that session's exchange, not the first.
    expect(exchangeForEntry(all, entry(4, "out", 59_998, { jsonrpc: "2.0", id: 0, method: "initialize" }))?.id).toBe("b");
    expect(exchangeForEntry(all, entry(5, "out", 30_000, { jsonrpc: "2.0", id: 0, method: "initialize" }))).toBeUndefined();
  });

  it("finds the traffic entry of a carried message", () => {
    const entries = [
      entry(1, "out", 999, { jsonrpc: "2.0", id: 0, method: "initialize" }),
      entry(2, "in", 1015, { jsonrpc: "2.0", id: 0, result: {} }),
    ];
    expect(entryForMessage(entries, init, { dir: "in", id: 0, response: true })?.seq).toBe(2);
    expect(entryForMessage(entries, init, { dir: "out", id: 0, method: "initialize" })?.seq).toBe(1);
    expect(entryForMessage(entries, laterSession, { dir: "out", id: 0, method: "initialize" })).toBeUndefined();
  });
});
