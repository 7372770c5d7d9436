import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { callKeys } from "@/lib/queries/calls";
import { inboxKeys } from "@/lib/queries/inbox";
import type { InboxRow } from "@/lib/queries/inbox";
import { connectionKeys } from "@/lib/queries/connections";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { toolKeys } from "@/lib/queries/tools";
import { mergeEntries, trafficKeys } from "@/lib/queries/traffic";

const state = (over: Partial<ConnectionState> = {}): ConnectionState => ({ status: "connected", stderrTail: [], toolsVersion: 0, ...over });

function conn(id: string, s = state()): ConnectionView {
  return { id, name: id, transport: "stdio", command: "node", args: [], env: {}, requestTimeoutMs: 60_000, createdAt: 1, state: s };
}

function entry(seq: number, over: Partial<Entry> = {}): Entry {
  return {
    seq,
    connectionId: "a",
    sessionKey: null,
    receivedAt: 1000 + seq,
    sourceTime: null,
    direction: "in",
    protocol: "mcp",
    kind: "message",
    raw: { jsonrpc: "2.0", method: "notifications/message", params: { seq } },
    rawBytes: 10,
    ...over,
  };
}

const loupe = (seq: number, kind: string, raw: unknown, connectionId = "a") =>
  entry(seq, { protocol: "loupe", kind, raw, direction: "local", connectionId });

function call(over: Partial<CallRecord>): CallRecord {
  return {
    id: "c1",
    connectionId: "a",
    tool: "echo",
    args: {},
    requestId: 7,
    startedAt: 100,
    endedAt: null,
    timeoutMs: 60_000,
    status: "running",
    ...over,
  };
}

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe("mergeEntries", () => {
  it("dedupes by seq, sorts ascending and lets the later copy win", () => {
    const merged = mergeEntries([entry(1), entry(3)], [entry(2), entry(3, { rawBytes: 99 }), entry(1)]);
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(merged[2]!.rawBytes).toBe(99);
  });

  it("keeps only the newest entries over the cap", () => {
    const merged = mergeEntries([entry(1), entry(2), entry(3)], [entry(4)], 3);
    expect(merged.map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(mergeEntries(undefined, [entry(9), entry(5), entry(7)], 2).map((e) => e.seq)).toEqual([7, 9]);
  });
});

describe("applyStreamEntries", () => {
  it("appends traffic to connections whose traffic is tracked, deduped and in order", () => {
    const qc = client();
    qc.setQueryData(trafficKeys.list("a"), [entry(1), entry(2)]);
    applyStreamEntries(qc, [entry(4), entry(2), entry(3), entry(10, { connectionId: "b" })]);
    expect(qc.getQueryData<Entry[]>(trafficKeys.list("a"))!.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    // "b" has no traffic query yet: its history fetch will bring seq 10 when the view opens.
    expect(qc.getQueryData(trafficKeys.list("b"))).toBeUndefined();
  });

  it("updates a connection's state on loupe/status and re-lists tools when toolsVersion changes", async () => {
    const qc = client();
    qc.setQueryData(connectionKeys.list(), [conn("a"), conn("b")]);
    qc.setQueryData(toolKeys.list("a"), { tools: [], pages: 1, listedAt: 1 });
    applyStreamEntries(qc, [loupe(5, "status", state({ status: "error", error: { message: "boom", step: "spawn" }, toolsVersion: 0 }))]);
    const list = qc.getQueryData<ConnectionView[]>(connectionKeys.list())!;
    expect(list.map((c) => c.state.status)).toEqual(["error", "connected"]);
    expect(list[0]!.state.error).toEqual({ message: "boom", step: "spawn" });
    expect(qc.getQueryState(toolKeys.list("a"))!.isInvalidated).toBe(false);

    applyStreamEntries(qc, [loupe(6, "status", state({ status: "error", toolsVersion: 3 }))]);
    expect(qc.getQueryState(toolKeys.list("a"))!.isInvalidated).toBe(true);
  });

  it("re-lists tools when a connection becomes connected", () => {
    const qc = client();
    qc.setQueryData(connectionKeys.list(), [conn("a", state({ status: "connecting" }))]);
    qc.setQueryData(toolKeys.list("a"), { tools: [], pages: 1, listedAt: 1 });
    applyStreamEntries(qc, [loupe(1, "status", state({ status: "connected" }))]);
    expect(qc.getQueryState(toolKeys.list("a"))!.isInvalidated).toBe(true);
  });

  it("invalidates the list for a status of an unknown connection", () => {
    const qc = client();
    qc.setQueryData(connectionKeys.list(), [conn("a")]);
    applyStreamEntries(qc, [loupe(1, "status", state(), "new")]);
    expect(qc.getQueryState(connectionKeys.list())!.isInvalidated).toBe(true);
    expect(qc.getQueryData<ConnectionView[]>(connectionKeys.list())).toHaveLength(1);
  });

  it("ignores a status entry whose raw is not a state", () => {
    const qc = client();
    qc.setQueryData(connectionKeys.list(), [conn("a")]);
    applyStreamEntries(qc, [loupe(1, "status", { nope: true })]);
    expect(qc.getQueryData<ConnectionView[]>(connectionKeys.list())![0]!.state.status).toBe("connected");
  });

  it("puts call records into the matching histories, replacing the start record with the end one", () => {
    const qc = client();
    qc.setQueryData(callKeys.list("a", "echo"), [call({ id: "old", startedAt: 50, status: "ok", endedAt: 60 })]);
    qc.setQueryData(callKeys.list("a", "other"), []);
    qc.setQueryData(callKeys.list("a", null), []);
    applyStreamEntries(qc, [loupe(1, "call", call({}))]);
    applyStreamEntries(qc, [loupe(2, "call", call({ status: "ok", endedAt: 180, result: { content: [] } }))]);

    const echo = qc.getQueryData<CallRecord[]>(callKeys.list("a", "echo"))!;
    expect(echo.map((c) => [c.id, c.status])).toEqual([
      ["c1", "ok"],
      ["old", "ok"],
    ]);
    expect(qc.getQueryData<CallRecord[]>(callKeys.list("a", "other"))).toEqual([]);
    expect(qc.getQueryData<CallRecord[]>(callKeys.list("a", null))!.map((c) => c.id)).toEqual(["c1"]);
  });

  it("never wipes a result with a call entry that lacks it (large result left out, or previewed)", () => {
    const qc = client();
    const full = call({ status: "ok", endedAt: 180, result: { content: [{ type: "text", text: "big" }] } });
    qc.setQueryData(callKeys.list("a", "echo"), [full]);
    applyStreamEntries(qc, [loupe(3, "call", { ...full, result: undefined, resultOmitted: true })]);
    const preview = { ...full, result: undefined, _preview: "{" };
    applyStreamEntries(qc, [entry(4, { protocol: "loupe", kind: "call", direction: "local", truncated: true, raw: preview })]);
    const [kept] = qc.getQueryData<CallRecord[]>(callKeys.list("a", "echo"))!;
    expect(kept!.result).toEqual(full.result);
    expect(kept!.status).toBe("ok");
    // A new large call nobody has the result of yet is listed, marked as such.
    applyStreamEntries(qc, [loupe(5, "call", call({ id: "c2", startedAt: 200, status: "ok", resultOmitted: true }))]);
    expect(qc.getQueryData<CallRecord[]>(callKeys.list("a", "echo"))![0]).toMatchObject({ id: "c2", resultOmitted: true });
  });

  it("keeps a call's arguments from its running entry when the finished one leaves them out (issue 22)", () => {
    const qc = client();
    qc.setQueryData(callKeys.list("a", "echo"), []);
    const running = call({ status: "running", args: { message: "hi" } });
    applyStreamEntries(qc, [loupe(3, "call", running)]);
    applyStreamEntries(qc, [
      loupe(4, "call", { ...running, status: "ok", endedAt: 180, args: {}, argsOmitted: true, resultOmitted: true }),
    ]);
    const [done] = qc.getQueryData<CallRecord[]>(callKeys.list("a", "echo"))!;
    expect(done).toMatchObject({ status: "ok", args: { message: "hi" }, argsOmitted: false });
  });

  it("drops everything of a removed connection", () => {
    const qc = client();
    qc.setQueryData(connectionKeys.list(), [conn("a"), conn("b")]);
    qc.setQueryData(trafficKeys.list("a"), [entry(1)]);
    qc.setQueryData(toolKeys.list("a"), { tools: [], pages: 1, listedAt: 1 });
    qc.setQueryData(trafficKeys.list("b"), [entry(2, { connectionId: "b" })]);
    applyStreamEntries(qc, [loupe(3, "connection_removed", { id: "a" })]);
    expect(qc.getQueryData<ConnectionView[]>(connectionKeys.list())!.map((c) => c.id)).toEqual(["b"]);
    expect(qc.getQueryData(trafficKeys.list("a"))).toBeUndefined();
    expect(qc.getQueryData(toolKeys.list("a"))).toBeUndefined();
    expect(qc.getQueryData<Entry[]>(trafficKeys.list("b"))).toHaveLength(1);
  });

  it("drops a removed connection's MCP requests from the inbox, keeping other servers' and ADK rows", () => {
    const qc = client();
    const mcp = (id: string, connectionId: string): InboxRow => ({
      source: "mcp",
      id,
      connectionId,
      connectionName: connectionId,
      sessionKey: "s",
      kind: "sampling",
      jsonrpcId: 1,
      params: {},
      createdAt: 1,
      status: "pending",
    });
    const adk = {
      source: "adk",
      id: "i1",
      agentId: "a",
      agentName: "agent",
      appName: "app",
      userId: "u",
      sessionId: "s1",
      status: "pending",
      createdAt: 1,
    } as unknown as InboxRow;
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), [mcp("r1", "a"), mcp("r2", "b"), adk, mcp("r3", "a")]);
    applyStreamEntries(qc, [loupe(3, "connection_removed", { id: "a" })]);
    const rows = qc.getQueryData<InboxRow[]>(inboxKeys.list())!;
    expect(rows.map((r) => `${r.source}:${r.id}`)).toEqual(["mcp:r2", "adk:i1"]);
    // Without a fetched inbox nothing is written (the next fetch lists what is left).
    const fresh = client();
    applyStreamEntries(fresh, [loupe(4, "connection_removed", { id: "a" })]);
    expect(fresh.getQueryData(inboxKeys.list())).toBeUndefined();
  });
});
