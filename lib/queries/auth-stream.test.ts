import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { authKeys } from "@/lib/queries/auth";
import { applyAuthEntry } from "@/lib/queries/auth-stream";

const entry = (seq: number, kind: string, protocol: Entry["protocol"] = "loupe"): Entry => ({
  seq,
  connectionId: "c1",
  sessionKey: null,
  receivedAt: seq,
  sourceTime: null,
  direction: "out",
  protocol,
  kind,
  raw: { phase: "token" },
  rawBytes: 2,
});

describe("applyAuthEntry", () => {
  it("takes only the auth kinds", () => {
    const qc = new QueryClient();
    expect(applyAuthEntry(qc, entry(1, "status"))).toBe(false);
    expect(applyAuthEntry(qc, entry(2, "auth_http", "mcp"))).toBe(false);
    expect(applyAuthEntry(qc, entry(3, "auth_http"))).toBe(true);
    // No log fetched yet: nothing written (the fetch brings the history).
    expect(qc.getQueryData(authKeys.log("c1"))).toBeUndefined();
  });

  it("appends to a fetched log in seq order and marks the summary stale on events", () => {
    const qc = new QueryClient();
    qc.setQueryData(authKeys.log("c1"), [entry(5, "auth_http")]);
    qc.setQueryData(authKeys.summary("c1"), { enabled: true });
    applyAuthEntry(qc, entry(7, "auth_event"));
    applyAuthEntry(qc, entry(6, "auth_http"));
    expect(qc.getQueryData<Entry[]>(authKeys.log("c1"))!.map((e) => e.seq)).toEqual([5, 6, 7]);
    expect(qc.getQueryState(authKeys.summary("c1"))!.isInvalidated).toBe(true);
  });
});
