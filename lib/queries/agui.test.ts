import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { aguiKeys, runsOfEntries } from "@/lib/queries/agui";

const entry = (seq: number, kind: string, raw: unknown, sessionKey = "t-1"): Entry => ({
  seq,
  connectionId: "demo-agui",
  sessionKey,
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "agui",
  kind,
  raw,
  rawBytes: 1,
});

describe("AG-UI entries in the browser cache", () => {
  it("appends a thread's entries to its cached list only, in seq order, and re-reads the thread when a run ends", () => {
    const qc = new QueryClient();
    qc.setQueryData(aguiKeys.entries("demo-agui", "t-1"), [entry(1, "agui_input", { runId: "r1", input: {} })]);
    qc.setQueryData(aguiKeys.thread("demo-agui", "t-1"), { state: {} });
    applyStreamEntries(qc, [
      entry(3, "agui_event", { runId: "r1", event: { type: "RUN_FINISHED" } }),
      entry(2, "agui_event", { runId: "r1", event: { type: "RUN_STARTED" } }),
      entry(4, "agui_event", { runId: "r9", event: { type: "RUN_STARTED" } }, "t-other"),
      entry(5, "agui_run", { runId: "r1", threadId: "t-1", agentId: "demo-agui", status: "finished", startedAt: 1 }),
    ]);
    expect(qc.getQueryData<Entry[]>(aguiKeys.entries("demo-agui", "t-1"))!.map((e) => e.seq)).toEqual([1, 2, 3, 5]);
    // Not cached: not created (the view that opens it fetches the whole thread).
    expect(qc.getQueryData(aguiKeys.entries("demo-agui", "t-other"))).toBeUndefined();
    expect(qc.getQueryState(aguiKeys.thread("demo-agui", "t-1"))?.isInvalidated).toBe(true);
  });

  it("a run's end re-reads the agent list, so the agent's reachability shows what the run found", () => {
    const qc = new QueryClient();
    qc.setQueryData(aguiKeys.list(), [{ id: "demo-agui", state: { status: "unknown" } }]);
    applyStreamEntries(qc, [entry(1, "agui_run", { runId: "r1", threadId: "t-1", agentId: "demo-agui", status: "running", startedAt: 1 })]);
    expect(qc.getQueryState(aguiKeys.list())?.isInvalidated).toBe(false);
    applyStreamEntries(qc, [
      entry(2, "agui_run", { runId: "r1", threadId: "t-1", agentId: "demo-agui", status: "finished", startedAt: 1 }),
    ]);
    expect(qc.getQueryState(aguiKeys.list())?.isInvalidated).toBe(true);
  });

  it("groups entries by run, keeps an event-less agui_event as a malformed frame, and the last copy of a request", () => {
    const runs = runsOfEntries([
      entry(1, "agui_input", { runId: "r1", input: { state: { a: 1 } } }),
      entry(2, "agui_event", { runId: "r1", event: { type: "RUN_STARTED" } }),
      entry(3, "agui_event", { runId: "r1", event: "not an object" }),
      entry(4, "agui_request", {
        id: "q1",
        agentId: "demo-agui",
        threadId: "t-1",
        runId: "r1",
        kind: "tool",
        status: "pending",
        createdAt: 4,
      }),
      entry(5, "agui_input", { runId: "r2", input: {} }),
      entry(6, "agui_request", {
        id: "q1",
        agentId: "demo-agui",
        threadId: "t-1",
        runId: "r1",
        kind: "tool",
        status: "answered",
        createdAt: 4,
      }),
    ]);
    expect(runs.map((r) => r.runId)).toEqual(["r1", "r2"]);
    expect(runs[0]!.events.map((e) => e.type)).toEqual(["RUN_STARTED"]);
    expect(runs[0]!.malformed).toHaveLength(1);
    expect(runs[0]!.requests.map((q) => q.status)).toEqual(["answered"]);
  });

  it("shows an agui_run or agui_request that does not fit its schema raw under its run, never throws", () => {
    const runs = runsOfEntries([entry(1, "agui_run", { runId: "r1", status: 7 }), entry(2, "agui_request", { runId: "r1", id: "q1" })]);
    expect(runs.map((r) => r.runId)).toEqual(["r1"]);
    expect(runs[0]!.record).toBeNull();
    expect(runs[0]!.requests).toEqual([]);
    expect(runs[0]!.malformed.map((m) => m.text)).toEqual(['{"runId":"r1","status":7}', '{"runId":"r1","id":"q1"}']);
    expect(runs[0]!.malformed[0]!.error).toMatch(/agui_run/);
  });
});
