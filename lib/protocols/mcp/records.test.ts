import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { rowLabel, rowSummary } from "@/components/mcp/traffic/format";
import { pairTraffic } from "./pairing";

const doc = readFileSync(path.resolve(import.meta.dirname, "../../../docs/ARCHITECTURE.md"), "utf8");

/** Every `loupe` kind the architecture page documents: the table rows and the kinds named before it. */
function documentedKinds(): string[] {
  const table = [...doc.matchAll(/^\| `([a-z_]+)`(?: \(direction `\w+`\))? \|/gm)].map((m) => m[1]!);
  const before = ["status", "call", "connection_removed", "transport_fallback"];
  return [...new Set([...before, ...table])];
}

function entry(seq: number, kind: string, raw: unknown): Entry {
  return {
    seq,
    connectionId: "c",
    sessionKey: "s",
    receivedAt: seq,
    sourceTime: null,
    direction: "local",
    protocol: "loupe",
    kind,
    raw,
    rawBytes: 10,
  };
}

describe("Loupe's own records in the traffic view", () => {
  it("finds the documented kinds", () => {
    expect(documentedKinds()).toEqual(
      expect.arrayContaining(["mcp_request", "task", "resource_updated", "session_reset", "auth_http", "subscriptions_restored"]),
    );
  });

  it("never shows a documented loupe kind as an unrecognized row", () => {
    const kinds = documentedKinds().filter((k) => k !== "status" && k !== "call");
    const rows = pairTraffic(kinds.map((k, i) => entry(i + 1, k, { id: "x", kind: "sampling", status: "pending", uri: "file:///a" })));
    expect(rows.map((r) => [r.type === "entry" ? r.entry.kind : "", r.state])).toEqual(kinds.map((k) => [k, "info"]));
    const reset = pairTraffic([entry(1, "session_reset", { reason: "404", retried: [{ id: 1, method: "tools/list" }], failed: [] })])[0]!;
    expect(rowLabel(reset)).toBe("session_reset");
    expect(rowSummary(reset)).toBe("404 · 1 retried, 0 failed");
  });
});

describe("the subscriptions/listen record", () => {
  it("says what an opened stream carries, and why one ended or when it is tried again", () => {
    const summary = (raw: unknown) => rowSummary(pairTraffic([entry(1, "listen", raw)])[0]!);
    expect(
      summary({ event: "opened", filter: { toolsListChanged: true, resourceSubscriptions: ["demo://a", "demo://b"], taskIds: ["t1"] } }),
    ).toBe("subscriptions/listen opened: list changes, 2 resource(s), 1 task(s)");
    expect(summary({ event: "closed", cause: "remote" })).toBe("subscriptions/listen closed (remote)");
    expect(summary({ event: "retry", inMs: 500, attempt: 2 })).toBe("subscriptions/listen retry in 500 ms (attempt 2)");
  });

  it("a tool_approval row says which tool and what became of it", () => {
    const summary = (raw: unknown) => rowSummary(pairTraffic([entry(1, "tool_approval", raw)])[0]!);
    expect(summary({ tool: "book-hotel", status: "pending" })).toBe("book-hotel waiting for approval");
    expect(summary({ tool: "book-hotel", status: "answered", decision: { action: "approve", arguments: {}, edited: true, at: 1 } })).toBe(
      "book-hotel approved with edits",
    );
    expect(summary({ tool: "book-hotel", status: "answered", decision: { action: "approve", arguments: {}, edited: false, at: 1 } })).toBe(
      "book-hotel approved",
    );
    expect(summary({ tool: "book-hotel", status: "answered", decision: { action: "reject", reason: "too pricey", at: 1 } })).toBe(
      "book-hotel rejected: too pricey",
    );
    expect(summary({ tool: "book-hotel", status: "stale", reason: "The playground turn was stopped" })).toBe(
      "book-hotel stale: The playground turn was stopped",
    );
  });
});
