import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { applyResourcesEntry } from "@/lib/queries/resources-stream";
import { appendUpdate, latestUpdateByUri, MAX_KEPT_UPDATES, resourceKeys } from "@/lib/queries/resources";
import type { ResourceUpdate } from "@/lib/queries/resources";

function entry(seq: number, kind: string, raw: unknown, connectionId = "c1"): Entry {
  return {
    seq,
    connectionId,
    sessionKey: "s",
    receivedAt: 5,
    sourceTime: null,
    direction: "local",
    protocol: "loupe",
    kind,
    raw,
    rawBytes: 1,
  };
}

describe("applyResourcesEntry", () => {
  it("ignores kinds it does not own", () => {
    const qc = new QueryClient();
    expect(applyResourcesEntry(qc, entry(1, "status", { status: "connected" }))).toBe(false);
    expect(qc.getQueryData(resourceKeys.updates("c1"))).toBeUndefined();
  });

  it("records updates per connection and marks only that URI's read stale", async () => {
    const qc = new QueryClient();
    qc.setQueryData(resourceKeys.read("c1", "a://x"), { uri: "a://x" });
    qc.setQueryData(resourceKeys.read("c1", "a://y"), { uri: "a://y" });
    expect(applyResourcesEntry(qc, entry(1, "resource_updated", { uri: "a://x", at: 100, subscribed: true }))).toBe(true);
    expect(applyResourcesEntry(qc, entry(2, "resource_updated", { uri: "a://x", at: 200 }, "c2"))).toBe(true);
    expect(qc.getQueryData<ResourceUpdate[]>(resourceKeys.updates("c1"))).toEqual([{ uri: "a://x", at: 100, seq: 1, subscribed: true }]);
    expect(qc.getQueryData<ResourceUpdate[]>(resourceKeys.updates("c2"))).toHaveLength(1);
    await Promise.resolve();
    expect(qc.getQueryState(resourceKeys.read("c1", "a://x"))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(resourceKeys.read("c1", "a://y"))?.isInvalidated).toBe(false);
  });

  it("takes a malformed raw as its own without writing anything, and falls back to receivedAt", () => {
    const qc = new QueryClient();
    expect(applyResourcesEntry(qc, entry(1, "resource_updated", null))).toBe(true);
    expect(qc.getQueryData(resourceKeys.updates("c1"))).toBeUndefined();
    applyResourcesEntry(qc, entry(2, "resource_updated", { uri: "a://z" }));
    expect(qc.getQueryData<ResourceUpdate[]>(resourceKeys.updates("c1"))?.[0]?.at).toBe(5);
  });
});

describe("update list helpers", () => {
  it("keeps each seq once, the newest MAX_KEPT_UPDATES, and the latest per URI", () => {
    let list: ResourceUpdate[] = [];
    for (let i = 0; i < MAX_KEPT_UPDATES + 5; i++) list = appendUpdate(list, { uri: i % 2 ? "a" : "b", at: i, seq: i, subscribed: true });
    list = appendUpdate(list, { uri: "a", at: 999, seq: 10, subscribed: true });
    expect(list).toHaveLength(MAX_KEPT_UPDATES);
    expect(list[0]!.seq).toBe(5);
    const latest = latestUpdateByUri(list);
    expect(latest.get("a")?.at).toBe(MAX_KEPT_UPDATES + 3);
    expect(latest.get("b")?.at).toBe(MAX_KEPT_UPDATES + 4);
  });
});
