import { describe, expect, it } from "vitest";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";
import { JSONRPCMessageSchema as V1MessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { isRpcMessage, isRpcMessageV1 } from "@/lib/server/mcp/jsonrpc-shape";

/**
 * The JSON-RPC check by shape (issue 23) agrees with the SDK's zod JSONRPCMessageSchema it replaces
 * on the tap's hot path and in Loupe's client (v2's), and with SDK v1's in the stdio framing: same
 * messages accepted, same refused.
 */
const CASES: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo" } },
  { jsonrpc: "2.0", id: "a", method: "ping" },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, result: {} },
  { jsonrpc: "2.0", id: 3, error: { code: -32601, message: "Method not found", data: { x: 1 } } },
  { jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } },
  { jsonrpc: "1.0", id: 1, method: "ping" },
  { jsonrpc: "2.0", id: 1.5, method: "ping" },
  { jsonrpc: "2.0", id: null, method: "ping" },
  { jsonrpc: "2.0", id: 1, method: "ping", extra: true },
  { jsonrpc: "2.0", id: 1, method: "ping", params: [1, 2] },
  { jsonrpc: "2.0", id: 1, method: 5 },
  { jsonrpc: "2.0", id: 1, result: "x" },
  { jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "m" } },
  { jsonrpc: "2.0", id: 1, error: { code: 1.5, message: "m" } },
  { jsonrpc: "2.0", id: 1, error: { code: 1 } },
  { jsonrpc: "2.0", id: 1 },
  [],
  "ping",
  null,
  // _meta is checked by the SDK's schema too: a request with a bad one is no JSON-RPC message to it.
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: { progressToken: { no: 1 } } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: { progressToken: 1.5 } } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: "not an object" } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: null } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: [] } },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", _meta: { progressToken: "t", other: { any: 1 } } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: 5 } } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { "io.modelcontextprotocol/related-task": {} } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t", more: 1 } } } },
  { jsonrpc: "2.0", method: "notifications/progress", params: { _meta: 5, progressToken: 1, progress: 1 } },
  { jsonrpc: "2.0", method: "notifications/progress", params: { _meta: { progressToken: true } } },
  { jsonrpc: "2.0", id: 2, result: { _meta: "x" } },
  { jsonrpc: "2.0", id: 2, result: { _meta: { "io.modelcontextprotocol/serverInfo": 5 } } },
  { jsonrpc: "2.0", id: 2, result: { _meta: { progressToken: {} }, content: [] } },
  // Integers are safe integers to the SDK (zod 4's int()).
  { jsonrpc: "2.0", id: 2 ** 60, method: "ping" },
  { jsonrpc: "2.0", id: 1, error: { code: 2 ** 60, message: "m" } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { progressToken: 2 ** 60 } } },
];

const sdkAccepts = (value: unknown): boolean => {
  try {
    parseJSONRPCMessage(value);
    return true;
  } catch {
    return false;
  }
};

describe("isRpcMessage", () => {
  it.each(CASES.map((c) => [JSON.stringify(c), c]))("agrees with the SDK's schema on %s", (_, value) => {
    expect(isRpcMessage(value)).toBe(sdkAccepts(value));
  });
});

describe("isRpcMessageV1", () => {
  it.each(CASES.map((c) => [JSON.stringify(c), c]))("agrees with SDK v1's schema on %s", (_, value) => {
    expect(isRpcMessageV1(value)).toBe(V1MessageSchema.safeParse(value).success);
  });
});
