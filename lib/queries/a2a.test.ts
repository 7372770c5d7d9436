import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { a2aKeys } from "@/lib/queries/a2a";
import { trafficKeys } from "@/lib/queries/traffic";

const entry = (seq: number, kind: string, raw: unknown, connectionId = "demo-a2a"): Entry => ({
  seq,
  connectionId,
  sessionKey: "ctx-1",
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "a2a",
  kind,
  raw,
  rawBytes: 10,
});

describe("applyA2aEntries (through the stream reducer)", () => {
  it("appends to the agent's live cache and the open task's entries only where a view holds them", () => {
    const qc = new QueryClient();
    qc.setQueryData(a2aKeys.live("demo-a2a"), []);
    qc.setQueryData(a2aKeys.taskEntries("demo-a2a", "t-1"), [entry(1, "a2a_frame", { exchangeId: "x", taskId: "t-1" })]);
    applyStreamEntries(qc, [
      entry(2, "a2a_frame", { exchangeId: "x", taskId: "t-1" }),
      entry(3, "a2a_frame", { exchangeId: "y", taskId: "t-2" }),
      entry(4, "a2a_frame", { exchangeId: "z", taskId: "t-9" }, "other-agent"),
    ]);
    expect(qc.getQueryData<Entry[]>(a2aKeys.live("demo-a2a"))?.map((e) => e.seq)).toEqual([2, 3]);
    expect(qc.getQueryData<Entry[]>(a2aKeys.taskEntries("demo-a2a", "t-1"))?.map((e) => e.seq)).toEqual([1, 2]);
    // No view of t-2 or of the other agent: nothing cached for them.
    expect(qc.getQueryState(a2aKeys.taskEntries("demo-a2a", "t-2"))).toBeUndefined();
    expect(qc.getQueryState(a2aKeys.live("other-agent"))).toBeUndefined();
    // A2A entries are not traffic of a connection of the same id.
    expect(qc.getQueryState(trafficKeys.list("demo-a2a"))).toBeUndefined();
  });

  it("marks the task record and the task list stale when a frame names the task, the agent list on a card", () => {
    const qc = new QueryClient();
    qc.setQueryData(a2aKeys.task("demo-a2a", "t-1"), { taskId: "t-1" });
    qc.setQueryData(a2aKeys.tasks("demo-a2a"), []);
    qc.setQueryData(a2aKeys.list(), []);
    applyStreamEntries(qc, [entry(5, "a2a_push", { pushId: "p", taskId: "t-1", headers: {}, body: {} })]);
    expect(qc.getQueryState(a2aKeys.task("demo-a2a", "t-1"))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(a2aKeys.tasks("demo-a2a"))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(a2aKeys.list())?.isInvalidated).toBe(false);
    applyStreamEntries(qc, [entry(6, "a2a_card", { url: "http://x/.well-known/agent-card.json", status: 200, card: {} })]);
    expect(qc.getQueryState(a2aKeys.list())?.isInvalidated).toBe(true);
  });
});
