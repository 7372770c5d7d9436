import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { tapOrigins } from "@/lib/protocols/mcp/tap-origin";
import { recordSummary } from "@/lib/protocols/mcp/records";

let seq = 0;
const entry = (protocol: "mcp" | "loupe", kind: string, raw: unknown): Entry =>
  ({ seq: ++seq, connectionId: "c1", sessionKey: "s", receivedAt: seq, direction: "local", protocol, kind, raw }) as unknown as Entry;

describe("tapped calls on the traffic timeline", () => {
  it("maps upstream request ids of tap-made calls to their client; other calls are not listed", () => {
    const map = tapOrigins([
      entry("loupe", "call", {
        id: "a",
        connectionId: "c1",
        tool: "echo",
        status: "ok",
        startedAt: 1,
        requestId: 7,
        origin: { kind: "tap", tapId: "c1", client: { name: "Claude Desktop" } },
      }),
      entry("loupe", "call", { id: "b", connectionId: "c1", tool: "echo", status: "ok", startedAt: 1, requestId: 8 }),
      entry("loupe", "call", {
        id: "c",
        connectionId: "c1",
        tool: "echo",
        status: "ok",
        startedAt: 1,
        requestId: "x-9",
        origin: { kind: "tap", tapId: "agg_1" },
      }),
      entry("loupe", "call", {
        id: "d",
        connectionId: "c1",
        tool: "echo",
        status: "ok",
        startedAt: 1,
        requestId: 10,
        origin: { kind: "playground", conversationId: "p" },
      }),
      entry("mcp", "message", { jsonrpc: "2.0", id: 7, method: "tools/call" }),
    ]);
    expect([...map]).toEqual([
      ["7", { tapId: "c1", client: "Claude Desktop" }],
      ["x-9", { tapId: "agg_1" }],
    ]);
  });

  it("a tap_exchange record reads as method, name, client and both legs' time", () => {
    const raw = {
      tapId: "c1",
      era: "legacy",
      method: "tools/call",
      name: "echo",
      client: { name: "cursor" },
      totalMs: 40,
      upstreamMs: 12,
      outcome: "ok",
    };
    expect(recordSummary("tap_exchange", raw)).toBe("tools/call echo via cursor · 40 ms, server 12 ms");
    expect(recordSummary("tap_exchange", { ...raw, upstreamMs: undefined, outcome: "error", error: "rejected" })).toBe(
      "tools/call echo via cursor · 40 ms · error: rejected",
    );
  });
});
