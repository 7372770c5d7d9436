import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { approvalKeys } from "@/lib/queries/approvals";
import { inboxKeys } from "@/lib/queries/inbox";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";

function approval(id: string, over: Partial<ToolApproval> = {}): ToolApproval {
  return {
    id,
    connectionId: "ev",
    connectionName: "everything",
    tool: "echo",
    arguments: { message: "hi" },
    origin: { kind: "tap", tapId: "ev" },
    policy: { value: "always", from: "default" },
    createdAt: 100,
    status: "pending",
    ...over,
  };
}

const adk = (id: string, createdAt: number): InboxRow =>
  ({
    source: "adk",
    id,
    kind: "input",
    status: "pending",
    createdAt,
    agentId: "ag",
    sessionKey: "app/u/s",
    prompt: id,
  }) as unknown as InboxRow;

function entry(seq: number, raw: unknown, over: Partial<Entry> = {}): Entry {
  return {
    seq,
    connectionId: "ev",
    sessionKey: null,
    receivedAt: seq,
    sourceTime: null,
    direction: "local",
    protocol: "loupe",
    kind: "tool_approval",
    raw,
    rawBytes: 10,
    ...over,
  };
}

const ids = (qc: QueryClient) => qc.getQueryData<InboxRow[]>(inboxKeys.list())!.map((r) => `${r.source}:${r.id}:${r.status}`);

describe("loupe/tool_approval entries → the inbox and approvals caches", () => {
  it("adds a pending approval among the other rows (pending first, newest first) and updates it in place", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [adk("a-new", 300), adk("a-old", 50)]);
    qc.setQueryData<ToolApproval[]>(approvalKeys.list("pending"), []);
    applyStreamEntries(qc, [entry(1, approval("p1"))]);
    expect(ids(qc)).toEqual(["adk:a-new:pending", "approval:p1:pending", "adk:a-old:pending"]);
    expect(qc.getQueryData<ToolApproval[]>(approvalKeys.list("pending"))!.map((a) => a.id)).toEqual(["p1"]);

    applyStreamEntries(qc, [entry(2, approval("p1", { status: "answered", decision: { action: "reject", reason: "no", at: 5 } }))]);
    expect(ids(qc)).toEqual(["adk:a-new:pending", "adk:a-old:pending", "approval:p1:answered"]);
    // It left the pending list.
    expect(qc.getQueryData<ToolApproval[]>(approvalKeys.list("pending"))).toEqual([]);
  });

  it("an older pending copy never reopens an answered approval", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [{ ...approval("p1", { status: "stale", reason: "gone" }), source: "approval" }]);
    applyStreamEntries(qc, [entry(1, approval("p1"))]);
    expect(ids(qc)).toEqual(["approval:p1:stale"]);
  });

  it("a truncated preview does not replace a row: the lists are re-read instead", () => {
    const qc = new QueryClient();
    const full = approval("p1", { arguments: { message: "x".repeat(10) } });
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [{ ...full, source: "approval" }]);
    applyStreamEntries(qc, [entry(1, { id: "p1", preview: "…" }, { truncated: true })]);
    expect(qc.getQueryState(inboxKeys.list())!.isInvalidated).toBe(true);
    expect(qc.getQueryData<InboxRow[]>(inboxKeys.list())![0]).toMatchObject({ arguments: full.arguments });
  });

  it("a list nobody fetched is left alone, and a raw that is not an approval is ignored", () => {
    const qc = new QueryClient();
    applyStreamEntries(qc, [entry(1, approval("p1"))]);
    expect(qc.getQueryData(inboxKeys.list())).toBeUndefined();
    expect(entryPayload(entry(2, { id: "x", status: "pending" }), "tool_approval")).toBeNull();
    expect(entryPayload(entry(3, approval("ok")), "tool_approval")).not.toBeNull();
  });
});
