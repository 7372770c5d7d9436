import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { InboxItem } from "@/lib/contracts/agents";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { inboxKeys } from "@/lib/queries/inbox";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { applyRequestsEntry } from "@/lib/queries/requests-stream";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";

function request(id: string, over: Partial<McpClientRequest> = {}): McpClientRequest {
  return {
    id,
    connectionId: "ev",
    connectionName: "everything",
    sessionKey: "s1",
    kind: "sampling",
    jsonrpcId: 1,
    params: { messages: [] },
    createdAt: 100,
    status: "pending",
    ...over,
  };
}

const adk = (id: string, createdAt: number, status: InboxItem["status"] = "pending"): InboxRow =>
  ({ source: "adk", id, kind: "input", status, createdAt, agentId: "ag", sessionKey: "app/u/s", prompt: id }) as unknown as InboxRow;

function entry(seq: number, kind: string, raw: unknown, over: Partial<Entry> = {}): Entry {
  return {
    seq,
    connectionId: "ev",
    sessionKey: null,
    receivedAt: seq,
    sourceTime: null,
    direction: "local",
    protocol: "loupe",
    kind,
    raw,
    rawBytes: 10,
    ...over,
  };
}

const ids = (qc: QueryClient) => qc.getQueryData<InboxRow[]>(inboxKeys.list())!.map((r) => `${r.source}:${r.id}:${r.status}`);

describe("applyRequestsEntry (loupe/mcp_request → inbox)", () => {
  it("adds a new request among the ADK rows, pending first then newest", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [adk("a-new", 300), adk("a-old", 50), adk("a-done", 400, "answered")]);
    applyStreamEntries(qc, [entry(1, "mcp_request", request("r1", { createdAt: 100 }))]);
    expect(ids(qc)).toEqual(["adk:a-new:pending", "mcp:r1:pending", "adk:a-old:pending", "adk:a-done:answered"]);
  });

  it("replaces the row of the same connection and id, and moves it with its status", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [adk("a1", 10)]);
    applyStreamEntries(qc, [entry(1, "mcp_request", request("r1")), entry(2, "mcp_request", request("r1", { connectionId: "other" }))]);
    expect(ids(qc)).toEqual(["mcp:r1:pending", "mcp:r1:pending", "adk:a1:pending"]);
    const answer = { at: 200, body: { action: "accept" as const, model: "m", text: "hi", stopReason: "endTurn" } };
    applyStreamEntries(qc, [entry(3, "mcp_request", request("r1", { status: "answered", answer }))]);
    const rows = qc.getQueryData<InboxRow[]>(inboxKeys.list())!;
    expect(ids(qc)).toEqual(["mcp:r1:pending", "adk:a1:pending", "mcp:r1:answered"]);
    expect(rows.find((r) => r.source === "mcp" && r.connectionId === "ev")).toMatchObject({ status: "answered", answer });
  });

  it("never reopens an answered or stale request (a late entry after the POST's answer)", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
    applyRequestsEntry(qc, entry(1, "mcp_request", request("r1", { status: "stale", reason: "cancelled" })));
    applyRequestsEntry(qc, entry(2, "mcp_request", request("r1", { status: "pending" })));
    expect(ids(qc)).toEqual(["mcp:r1:stale"]);
    // failed → answered (a resend that worked) is taken.
    applyRequestsEntry(qc, entry(3, "mcp_request", request("r2", { status: "failed" })));
    applyRequestsEntry(qc, entry(4, "mcp_request", request("r2", { status: "answered" })));
    expect(ids(qc)).toEqual(["mcp:r2:answered", "mcp:r1:stale"]);
  });

  it("does not create an inbox list nobody fetched yet, but still claims the kind", () => {
    const qc = new QueryClient();
    expect(applyRequestsEntry(qc, entry(1, "mcp_request", request("r1")))).toBe(true);
    expect(qc.getQueryData(inboxKeys.list())).toBeUndefined();
  });

  it("claims only its own kind; a malformed raw is ignored", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
    expect(applyRequestsEntry(qc, entry(1, "status", { status: "connected" }))).toBe(false);
    expect(applyRequestsEntry(qc, entry(2, "mcp_request", { id: "x", kind: "roots" }))).toBe(true);
    expect(qc.getQueryData<InboxRow[]>(inboxKeys.list())).toEqual([]);
    expect(entryPayload(entry(3, "mcp_request", request("ok")), "mcp_request")).not.toBeNull();
    expect(entryPayload(entry(4, "mcp_request", { ...request("bad"), status: "waiting" }), "mcp_request")).toBeNull();
    expect(entryPayload(entry(5, "mcp_request", "nope"), "mcp_request")).toBeNull();
  });

  it("a truncated preview re-fetches the inbox instead of writing a partial row", async () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
    applyRequestsEntry(qc, entry(1, "mcp_request", { preview: "…" }, { truncated: true }));
    expect(qc.getQueryState(inboxKeys.list())?.isInvalidated).toBe(true);
  });

  it("a truncated preview that still parses (its answer cut) never replaces the full row", () => {
    const qc = new QueryClient();
    const full = {
      ...request("r1"),
      status: "answered" as const,
      answer: { at: 5, body: { action: "accept" as const, text: "long reply", model: "m", stopReason: "endTurn" } },
    };
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [{ ...full, source: "mcp" }]);
    const { answer: _cut, ...preview } = full;
    applyRequestsEntry(qc, entry(2, "mcp_request", preview, { truncated: true }));
    const rows = qc.getQueryData<InboxRow[]>(inboxKeys.list())!;
    expect(rows[0]).toMatchObject({ id: "r1", answer: { body: { text: "long reply" } } });
    expect(qc.getQueryState(inboxKeys.list())?.isInvalidated).toBe(true);
  });
});
