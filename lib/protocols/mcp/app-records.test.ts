import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { rowLabel, rowSummary } from "@/components/mcp/traffic/format";
import { pairTraffic } from "./pairing";

function entry(seq: number, direction: Entry["direction"], raw: unknown): Entry {
  return {
    seq,
    connectionId: "c",
    sessionKey: "s",
    receivedAt: seq,
    sourceTime: null,
    direction,
    protocol: "loupe",
    kind: "app_message",
    raw,
    rawBytes: 10,
  };
}

describe("MCP app messages on the traffic timeline", () => {
  it("say their direction, tool and JSON-RPC method or answer, and are never paired with MCP frames", () => {
    const rows = pairTraffic([
      entry(1, "in", { direction: "app_to_host", tool: "get-time", message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: {} } }),
      entry(2, "out", { direction: "host_to_app", tool: "get-time", message: { jsonrpc: "2.0", id: 3, result: { content: [] } } }),
      entry(3, "out", {
        direction: "host_to_app",
        tool: "get-time",
        message: { jsonrpc: "2.0", method: "ui/notifications/tool-input", params: {} },
      }),
      entry(4, "in", {
        direction: "app_to_host",
        tool: "get-time",
        message: { jsonrpc: "2.0", id: 4, error: { code: -1, message: "no" } },
      }),
    ]);
    expect(rows).toHaveLength(4);
    expect(rows.map(rowLabel)).toEqual(["app_message", "app_message", "app_message", "app_message"]);
    expect(rows.map(rowSummary)).toEqual([
      "app → Loupe (get-time): tools/call #3",
      "Loupe → app (get-time): result #3",
      "Loupe → app (get-time): ui/notifications/tool-input",
      "app → Loupe (get-time): error #4",
    ]);
  });
});
