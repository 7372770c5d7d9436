import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { taskKeys } from "@/lib/queries/tasks";

const rec = (over: Partial<TaskRecord>): TaskRecord => ({
  taskId: "t1",
  connectionId: "c1",
  sessionKey: "s",
  origin: "loupe",
  tool: "research",
  status: "working",
  createdAt: 1_000,
  lastUpdatedAt: 1_000,
  ttl: 60_000,
  checkedAt: 1_000,
  ...over,
});
let seq = 0;
const entry = (raw: unknown, over: Partial<Entry> = {}): Entry => ({
  seq: ++seq,
  connectionId: "c1",
  sessionKey: "s",
  receivedAt: 0,
  sourceTime: null,
  direction: "local",
  protocol: "loupe",
  kind: "task",
  raw,
  rawBytes: 1,
  ...over,
});
const listing = (tasks: TaskRecord[]): TaskListing => ({
  support: { toolsCall: true, list: true, cancel: true },
  sessionKey: "s",
  tasks,
  listedAt: 0,
});

describe("loupe task entries in the cache", () => {
  it("upserts into a fetched listing and the single-task query, and leaves absent ones alone", () => {
    const qc = new QueryClient();
    qc.setQueryData(taskKeys.list("c1"), listing([rec({})]));
    qc.setQueryData(taskKeys.one("c1", "t1"), rec({}));
    applyStreamEntries(qc, [
      entry(rec({ status: "completed", statusMessage: "done", result: { content: [{ type: "text", text: "r" }] } })),
      entry(rec({ taskId: "t2", createdAt: 2_000 })),
    ]);
    const l = qc.getQueryData<TaskListing>(taskKeys.list("c1"))!;
    expect(l.tasks.map((t) => [t.taskId, t.status])).toEqual([
      ["t2", "working"],
      ["t1", "completed"],
    ]);
    expect(qc.getQueryData<TaskRecord>(taskKeys.one("c1", "t1"))?.statusMessage).toBe("done");
    expect(qc.getQueryData(taskKeys.one("c1", "t2"))).toBeUndefined();
    // Another connection's listing was never fetched: nothing is invented for it.
    applyStreamEntries(qc, [entry(rec({ connectionId: "c2" }), { connectionId: "c2" })]);
    expect(qc.getQueryData(taskKeys.list("c2"))).toBeUndefined();
  });

  it("keeps a held result when a truncated entry arrives, and ignores malformed raws", () => {
    const qc = new QueryClient();
    const result = { content: [{ type: "text", text: "big" }] };
    qc.setQueryData(taskKeys.list("c1"), listing([rec({ status: "completed", result })]));
    applyStreamEntries(qc, [entry(rec({ status: "completed", statusMessage: "later" }), { truncated: true }), entry({ nope: 1 })]);
    const [t] = qc.getQueryData<TaskListing>(taskKeys.list("c1"))!.tasks;
    expect(t).toMatchObject({ statusMessage: "later", result });
  });
});
