import { describe, expect, it } from "vitest";
import { rowSummary } from "@/components/mcp/traffic/format";
import type { ConnectionState } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { previewEntry } from "@/lib/server/preview";
import { pairTraffic } from "./pairing";
import { statusChange } from "./status-change";
import { entry } from "./test-fixtures";

const state = (patch: Partial<ConnectionState> = {}): ConnectionState => ({
  status: "connected",
  stderrTail: [],
  toolsVersion: 0,
  ...patch,
});

/** What changed from one whole status to the next. */
const change = (before: ConnectionState, after: ConnectionState) =>
  statusChange({ state: before, preview: false }, { state: after, preview: false });

const status = (seq: number, raw: ConnectionState, connectionId = "c1"): Entry => {
  const e = entry({ seq, connectionId, protocol: "loupe", kind: "status", direction: "local", raw });
  return { ...e, rawBytes: Buffer.byteLength(JSON.stringify(raw)) };
};

describe("what a status entry changed", () => {
  it("names the lists, log level, subscriptions and ping that changed while the status stayed", () => {
    expect(change(state(), state({ toolsVersion: 1 }))).toBe("tools list changed");
    expect(change(state(), state({ resourcesVersion: 2, promptsVersion: 1 }))).toBe("resources list changed, prompts list changed");
    expect(change(state({ logLevel: "debug" }), state())).toBe("log level server default");
    expect(change(state(), state({ subscriptions: ["file:///a"] }))).toBe("1 resource subscription");
    expect(change(state(), state({ lastPing: { at: 5, ms: 3 } }))).toBe("ping 3 ms");
    expect(change(state({ lastPing: { at: 5, ms: 3 } }), state({ lastPing: { at: 9, error: "timed out" } }))).toBe(
      "ping failed: timed out",
    );
    expect(change(state(), state({ lastPing: { at: 9, error: "" } }))).toBe("ping failed");
  });

  it("reads a status entry's other fields as what they may be (an old store, an imported bundle): never a throw", () => {
    const odd = (raw: Record<string, unknown>) => raw as unknown as ConnectionState;
    expect(() => change(state(), odd({ status: "connected", subscriptions: "x", lastPing: "x", logLevel: {} }))).not.toThrow();
    expect(change(state(), odd({ status: "connected", subscriptions: "x", lastPing: "x" }))).toBeUndefined();
    expect(change(odd({ status: "connected" }), state())).toBeUndefined();
    expect(change(state(), odd({ status: "connected", toolsVersion: 0, lastPing: { at: 5, error: { code: 1 } } }))).toBe("ping failed");
    expect(change(state(), state({ lastPing: { at: 5 } }))).toBe("ping");
    expect(change(state(), odd({ status: "connected", toolsVersion: 0, lastPing: { at: 5, ms: 3, error: null } }))).toBe("ping 3 ms");
  });

  it("a status row reads its error as what it may be", () => {
    const odd = (raw: Record<string, unknown>) => raw as unknown as ConnectionState;
    const summaries = pairTraffic([
      status(1, state({ status: "error", error: { message: "refused" } })),
      status(2, odd({ status: "error", error: "boom" })),
      status(3, odd({ status: "error", error: { message: 5 } })),
    ]).map(rowSummary);
    // Before: "error: undefined" and "error: 5".
    expect(summaries).toEqual(["error: refused", "error: boom", "error"]);
  });

  it("says nothing when the status itself changed, when there is no previous one, or when nothing it names changed", () => {
    expect(change(state({ status: "connecting" }), state({ toolsVersion: 1 }))).toBeUndefined();
    expect(statusChange(undefined, { state: state(), preview: false })).toBeUndefined();
    expect(change(state(), state({ stderrTail: ["a line"] }))).toBeUndefined();
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

  it("a previewed status (over 64 KB: its small fields kept) is compared on the fields it kept, never on the ones it left out", () => {
    // 50 long stderr lines put a status over 64 KB: lists and the stream carry it as a preview.
    const stderrTail = Array.from({ length: 50 }, (_, i) => `${i} ${"x".repeat(1400)}`);
    const subscriptions = Array.from({ length: 120 }, (_, i) => `file:///some/rather/long/path/to/a/resource/${i}.txt`);
    const shown = (seq: number, raw: ConnectionState) => previewEntry(status(seq, raw));
    const rows = pairTraffic([
      shown(1, state({ stderrTail, subscriptions, lastPing: { at: 3, ms: 1 } })),
      shown(2, state({ stderrTail, subscriptions, toolsVersion: 1, lastPing: { at: 3, ms: 1 } })),
      shown(3, state({ stderrTail, subscriptions, toolsVersion: 1, lastPing: { at: 7, ms: 2.5 } })),
      status(4, state({ subscriptions, toolsVersion: 1, lastPing: { at: 7, ms: 2.5 } })),
      shown(5, state({ stderrTail, toolsVersion: 1, lastPing: { at: 7, ms: 2.5 }, logLevel: "debug" })),
    ]);
    expect(rows.map((r) => r.type === "entry" && r.entry.truncated === true)).toEqual([true, true, true, false, true]);
    // The subscriptions (over 1 KB) were left out of every preview, and a preview cannot tell a
    // field left out from one never there: never compared with a preview, so row 4 (whole) says
    // nothing of them, and neither does row 5, though they did go (120 → none): the trade for never
    // naming a change that did not happen. Before: each row read a bare "connected", or named them.
    expect(rows.map(rowSummary)).toEqual([
      "connected",
      "connected · tools list changed",
      "connected · ping 2.5 ms",
      "connected",
      "connected · log level debug",
    ]);
  });
});
