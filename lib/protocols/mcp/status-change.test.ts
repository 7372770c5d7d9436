import { describe, expect, it } from "vitest";
import { rowSummary } from "@/components/mcp/traffic/format";
import type { ConnectionState } from "@/lib/contracts/connections";
import { pairTraffic } from "./pairing";
import { statusChange } from "./status-change";
import { entry } from "./test-fixtures";

const state = (patch: Partial<ConnectionState> = {}): ConnectionState => ({
  status: "connected",
  stderrTail: [],
  toolsVersion: 0,
  ...patch,
});

const status = (seq: number, raw: ConnectionState, connectionId = "c1") =>
  entry({ seq, connectionId, protocol: "loupe", kind: "status", direction: "local", raw });

describe("what a status entry changed", () => {
  it("names the lists, log level, subscriptions and ping that changed while the status stayed", () => {
    expect(statusChange(state(), state({ toolsVersion: 1 }))).toBe("tools list changed");
    expect(statusChange(state(), state({ resourcesVersion: 2, promptsVersion: 1 }))).toBe("resources list changed, prompts list changed");
    expect(statusChange(state({ logLevel: "debug" }), state())).toBe("log level server default");
    expect(statusChange(state(), state({ subscriptions: ["file:///a"] }))).toBe("1 resource subscription");
    expect(statusChange(state(), state({ lastPing: { at: 5, ms: 3 } }))).toBe("ping 3 ms");
    expect(statusChange(state({ lastPing: { at: 5, ms: 3 } }), state({ lastPing: { at: 9, error: "timed out" } }))).toBe(
      "ping failed: timed out",
    );
  });

  it("reads a status entry's other fields as what they may be (an old store, an imported bundle): never a throw", () => {
    const odd = (raw: Record<string, unknown>) => raw as unknown as ConnectionState;
    expect(() => statusChange(state(), odd({ status: "connected", subscriptions: "x", lastPing: "x", logLevel: {} }))).not.toThrow();
    expect(statusChange(state(), odd({ status: "connected", subscriptions: "x", lastPing: "x" }))).toBeUndefined();
    expect(statusChange(odd({ status: "connected" }), state())).toBeUndefined();
    expect(statusChange(state(), state({ lastPing: { at: 5 } }))).toBe("ping");
  });

  it("says nothing when the status itself changed, when there is no previous one, or when nothing it names changed", () => {
    expect(statusChange(state({ status: "connecting" }), state({ toolsVersion: 1 }))).toBeUndefined();
    expect(statusChange(undefined, state())).toBeUndefined();
    expect(statusChange(state(), state({ stderrTail: ["a line"] }))).toBeUndefined();
  });

  it("the Traffic row of a server's list_changed reads what changed, not a bare `connected` (each connection on its own)", () => {
    const rows = pairTraffic([
      status(1, state({ status: "connecting" })),
      status(2, state()),
      status(3, state({ toolsVersion: 1 })),
      status(4, state(), "c2"),
      status(5, state({ toolsVersion: 2 })),
      status(6, state({ toolsVersion: 2 })),
    ]);
    // Before: every one of them read "connected".
    expect(rows.map(rowSummary)).toEqual([
      "connecting",
      "connected",
      "connected · tools list changed",
      "connected",
      "connected · tools list changed",
      "connected",
    ]);
  });

  it("a previewed status (over 64 KB: only its small fields kept) is neither compared nor compared with", () => {
    const subscriptions = Array.from({ length: 30 }, (_, i) => `file:///${i}`);
    const previewed = (seq: number, raw: ConnectionState) => ({ ...status(seq, raw), truncated: true });
    const rows = pairTraffic([
      status(1, state({ subscriptions })),
      previewed(2, state()),
      status(3, state({ subscriptions })),
      status(4, state({ subscriptions, toolsVersion: 1 })),
    ]);
    // Before: "connected · 0 resource subscriptions", then "connected · 30 resource subscriptions".
    expect(rows.map(rowSummary)).toEqual(["connected", "connected", "connected", "connected · tools list changed"]);
  });
});
