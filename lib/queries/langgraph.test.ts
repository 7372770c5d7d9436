import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { inboxKeys } from "@/lib/queries/inbox";
import { lgKeys } from "@/lib/queries/langgraph";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";

const entry = (seq: number, kind: string, raw: unknown, sessionKey = "t-1"): Entry => ({
  seq,
  connectionId: "demo-langgraph",
  sessionKey,
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "langgraph",
  kind,
  raw,
  rawBytes: 1,
});

const run = (status: string) => ({ runId: "r1", threadId: "t-1", deploymentId: "demo-langgraph", status, startedAt: 1 });
const request = (status: string) => ({
  id: "q1",
  deploymentId: "demo-langgraph",
  deploymentName: "Demo",
  threadId: "t-1",
  runId: "r1",
  interruptId: "i1",
  value: "Approve?",
  shape: "generic",
  status,
  createdAt: 1,
});

describe("LangGraph entries in the browser cache", () => {
  it("appends a thread's entries to its cached list only, in seq order", () => {
    const qc = new QueryClient();
    qc.setQueryData(lgKeys.entries("demo-langgraph", "t-1"), [entry(1, "lg_input", { runId: "r1", request: { path: "/runs", body: {} } })]);
    applyStreamEntries(qc, [
      entry(3, "lg_event", { runId: "r1", event: "values", data: {} }),
      entry(2, "lg_event", { runId: "r1", event: "metadata", data: {} }),
      entry(4, "lg_event", { runId: "r9", event: "values", data: {} }, "t-other"),
    ]);
    expect(qc.getQueryData<Entry[]>(lgKeys.entries("demo-langgraph", "t-1"))!.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(qc.getQueryData(lgKeys.entries("demo-langgraph", "t-other"))).toBeUndefined();
  });

  it("lg_run: a start re-reads the thread lists and the thread; an end also the checkpoints and the deployments", () => {
    const qc = new QueryClient();
    const filtered = lgKeys.threadSearch("demo-langgraph", { status: "interrupted", q: "" });
    for (const key of [filtered, lgKeys.thread("demo-langgraph", "t-1"), lgKeys.history("demo-langgraph", "t-1"), lgKeys.list()])
      qc.setQueryData(key, []);
    applyStreamEntries(qc, [entry(1, "lg_run", run("running"))]);
    expect(qc.getQueryState(filtered)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(lgKeys.thread("demo-langgraph", "t-1"))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(lgKeys.history("demo-langgraph", "t-1"))?.isInvalidated).toBe(false);
    expect(qc.getQueryState(lgKeys.list())?.isInvalidated).toBe(false);
    applyStreamEntries(qc, [entry(2, "lg_run", run("interrupted"))]);
    expect(qc.getQueryState(lgKeys.history("demo-langgraph", "t-1"))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(lgKeys.list())?.isInvalidated).toBe(true);
  });

  it("lg_request: the row joins the inbox (a later copy replaces it) and the thread's interrupts are re-read", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
    qc.setQueryData(lgKeys.thread("demo-langgraph", "t-1"), {});
    applyStreamEntries(qc, [entry(1, "lg_request", request("pending"))]);
    expect(qc.getQueryData<InboxRow[]>(inboxKeys.list())).toMatchObject([{ source: "langgraph", id: "q1", status: "pending" }]);
    expect(qc.getQueryState(lgKeys.thread("demo-langgraph", "t-1"))?.isInvalidated).toBe(true);
    applyStreamEntries(qc, [entry(2, "lg_request", request("answered"))]);
    expect(qc.getQueryData<InboxRow[]>(inboxKeys.list())).toMatchObject([{ id: "q1", status: "answered" }]);
  });

  it("an lg_request that does not fit its schema makes the inbox re-read, and still joins the thread's entries", () => {
    const qc = new QueryClient();
    qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
    qc.setQueryData<Entry[]>(lgKeys.entries("demo-langgraph", "t-1"), []);
    applyStreamEntries(qc, [entry(1, "lg_request", { id: "q1" })]);
    expect(qc.getQueryState(inboxKeys.list())?.isInvalidated).toBe(true);
    expect(qc.getQueryData<Entry[]>(lgKeys.entries("demo-langgraph", "t-1"))).toHaveLength(1);
  });
});
