import { describe, expect, it } from "vitest";
import { entryItems } from "./normalize";
import { entry, wireEntries } from "./test-fixtures";

function kindCounts(transport: "stdio" | "http" | "sse"): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of wireEntries(transport)) {
    for (const item of entryItems(e)) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  }
  return counts;
}

describe("entryItems on the server-everything captures", () => {
  it("classifies every stdio frame", () => {
    expect(kindCounts("stdio")).toEqual({
      rpc_request: 29,
      rpc_response: 28,
      rpc_notification: 22,
      progress: 9,
      log: 4,
    });
  });

  it("classifies every http frame (no list_changed over Streamable HTTP, mcp.md §6.5)", () => {
    expect(kindCounts("http")).toEqual({
      rpc_request: 29,
      rpc_response: 28,
      rpc_notification: 17,
      progress: 9,
      log: 4,
    });
  });

  it("reads a request, a response, a log message and a progress notification", () => {
    const entries = wireEntries("stdio");
    expect(entryItems(entries[16]!)).toEqual([
      {
        kind: "rpc_request",
        id: 5,
        method: "tools/call",
        params: { name: "echo", arguments: { message: "hello from mcp-probe" } },
      },
    ]);
    const echo = entryItems(entries[17]!)[0];
    expect(echo).toMatchObject({ kind: "rpc_response", id: 5, isError: false });
    expect(entryItems(entries[25]!)).toEqual([
      {
        kind: "rpc_notification",
        method: "notifications/message",
        params: { level: "info", logger: "everything-server", data: "Roots updated: 1 root(s) received from client" },
      },
      { kind: "log", level: "info", logger: "everything-server", data: "Roots updated: 1 root(s) received from client" },
    ]);
    expect(entryItems(entries[54]!)[1]).toEqual({ kind: "log", level: "warning", data: "Warning-level message" });
    expect(entryItems(entries[26]!)[1]).toEqual({ kind: "progress", progressToken: 8, progress: 1, total: 4 });
  });
});

describe("entryItems on malformed and non-message entries", () => {
  it("keeps non-JSON-RPC frames raw with a reason", () => {
    const cases: [unknown, string][] = [
      ["hello", "not a JSON object"],
      [[{ jsonrpc: "2.0", method: "ping", id: 1 }], "JSON-RPC batch (MCP does not use batches)"],
      [{ method: "ping", id: 1 }, 'missing or wrong "jsonrpc" (expected "2.0")'],
      [{ jsonrpc: "2.0", method: 42, id: 1 }, '"method" must be a non-empty string'],
      [{ jsonrpc: "2.0", method: "ping", id: { x: 1 } }, 'request "id" must be a string or a number'],
      [{ jsonrpc: "2.0", method: "ping", params: "x" }, '"params" must be an object'],
      [{ jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "m" } }, 'response has both "result" and "error"'],
      [{ jsonrpc: "2.0", id: 1, error: { message: "no code" } }, 'malformed "error" (needs integer code and string message)'],
      [{ jsonrpc: "2.0", id: 1 }, "neither a request, a notification nor a response"],
    ];
    for (const [raw, reason] of cases) {
      expect(entryItems(entry({ seq: 1, raw }))).toEqual([{ kind: "unrecognized", reason, raw }]);
    }
  });

  it("reads an error response, including a null id", () => {
    const raw = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error", data: "x" } };
    expect(entryItems(entry({ seq: 1, raw }))).toEqual([
      { kind: "rpc_response", id: null, isError: true, error: { code: -32700, message: "Parse error", data: "x" } },
    ]);
  });

  it("flags malformed progress and log params after the notification item", () => {
    const progress = { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1 } };
    expect(entryItems(entry({ seq: 1, raw: progress }))[1]).toEqual({
      kind: "unrecognized",
      reason: "malformed progress params",
      raw: progress,
    });
    const log = { jsonrpc: "2.0", method: "notifications/message", params: { data: "no level" } };
    expect(entryItems(entry({ seq: 2, raw: log }))[1]).toMatchObject({ reason: "malformed log message params" });
  });

  it("reads stderr, transport errors, unparsed frames and Loupe entries", () => {
    expect(entryItems(entry({ seq: 1, kind: "stderr", raw: { line: "boot" } }))).toEqual([{ kind: "stderr", line: "boot" }]);
    expect(entryItems(entry({ seq: 2, kind: "transport_error", raw: { message: "EPIPE" } }))).toEqual([
      { kind: "error", message: "EPIPE" },
    ]);
    expect(entryItems(entry({ seq: 3, kind: "unparsed", raw: { text: "{oops", error: "Unexpected token", bytes: 5 } }))[0]).toEqual({
      kind: "unrecognized",
      reason: "not JSON-RPC: Unexpected token",
      raw: { text: "{oops", error: "Unexpected token", bytes: 5 },
    });
    const state = { status: "connected", stderrTail: [], toolsVersion: 0 };
    expect(entryItems(entry({ seq: 4, protocol: "loupe", kind: "status", direction: "local", raw: state }))).toEqual([
      { kind: "status", state },
    ]);
    expect(entryItems(entry({ seq: 5, protocol: "loupe", kind: "status", raw: { status: "weird" } }))[0]?.kind).toBe("unrecognized");
    expect(entryItems(entry({ seq: 6, protocol: "loupe", kind: "connection_removed", raw: { id: "c9" } }))).toEqual([
      { kind: "connection_removed", connectionId: "c9" },
    ]);
    expect(entryItems(entry({ seq: 7, kind: "mystery", raw: 1 }))).toEqual([
      { kind: "unrecognized", reason: 'unknown mcp entry kind "mystery"', raw: 1 },
    ]);
  });

  it("recovers method and id from a truncated preview text", () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 13, result: { content: [{ type: "text", text: "x,}]".repeat(500) }] } });
    const preview = big.slice(0, 300);
    expect(entryItems(entry({ seq: 1, raw: preview, truncated: true }))).toEqual([
      { kind: "rpc_response", id: 13, isError: false, truncated: true },
    ]);
    const req = '{"method":"tools/call","params":{"name":"echo","arguments":{"message":"aaaa';
    expect(entryItems(entry({ seq: 2, raw: req, truncated: true }))[0]).toEqual({
      kind: "unrecognized",
      reason: 'truncated "tools/call" frame: id not in the preview',
      raw: req,
    });
    const err = '{"jsonrpc":"2.0","id":"a\\"b","error":{"code":-32603,"message":"boo';
    expect(entryItems(entry({ seq: 3, raw: err, truncated: true }))[0]).toEqual({
      kind: "rpc_response",
      id: 'a"b',
      isError: true,
      truncated: true,
    });
  });
});
