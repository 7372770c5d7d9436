import { describe, expect, it } from "vitest";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { StreamRuns } from "@/lib/server/agui/stream-runs";

const first = (): AguiRunRecord => ({
  runId: "loupe-1",
  threadId: "t1",
  agentId: "a1",
  status: "running",
  startedAt: 1,
  endedAt: null,
  eventCount: 0,
});
const ev = (type: string, runId?: string, extra: Record<string, unknown> = {}) => ({
  type,
  threadId: "t1",
  ...(runId ? { runId } : {}),
  ...extra,
});

describe("StreamRuns: which run of a response each event is recorded under", () => {
  it("the first run is Loupe's whatever id the agent gives it; a RUN_STARTED after it closed opens the next under the agent's id", () => {
    const runs = new StreamRuns(first(), () => false);
    expect(runs.place(ev("RUN_STARTED", "agent-own")).run.record.runId).toBe("loupe-1");
    expect(runs.place(ev("RUN_FINISHED", "agent-own")).closed).toBeUndefined();
    const { run, closed } = runs.place(ev("RUN_STARTED", "agent-2"));
    expect(closed?.record.runId).toBe("loupe-1");
    expect(run.record).toMatchObject({ runId: "agent-2", threadId: "t1", agentId: "a1", status: "running", responseOf: "loupe-1" });
    expect(runs.place(ev("TEXT_MESSAGE_START")).run).toBe(run);
    expect(runs.all.map((r) => r.record.runId)).toEqual(["loupe-1", "agent-2"]);
  });

  it("a next run whose id is taken (used in this response, or a run Loupe has) is recorded under a new one", () => {
    const runs = new StreamRuns(first(), (id) => id === "stored");
    runs.place(ev("RUN_STARTED", "x"));
    runs.place(ev("RUN_FINISHED", "x"));
    const again = runs.place(ev("RUN_STARTED", "x")).run.record.runId;
    runs.place(ev("RUN_ERROR", "x"));
    const stored = runs.place(ev("RUN_STARTED", "stored")).run.record.runId;
    runs.place(ev("RUN_FINISHED", "stored"));
    const loupes = runs.place(ev("RUN_STARTED", "loupe-1")).run.record.runId;
    expect([again, stored, loupes].every((id) => !["x", "stored", "loupe-1"].includes(id))).toBe(true);
    expect(new Set([again, stored, loupes]).size).toBe(3);
  });

  it("a nested run, and a RUN_STARTED over the open run, open no next run; after the overlap nothing does", () => {
    const runs = new StreamRuns(first(), () => false);
    runs.place(ev("RUN_STARTED", "r1"));
    runs.place(ev("RUN_STARTED", "sub", { parentRunId: "r1" }));
    runs.place(ev("RUN_FINISHED", "sub"));
    expect(runs.place(ev("RUN_STARTED", "r2")).closed).toBeUndefined();
    runs.place(ev("RUN_FINISHED", "r2"));
    expect(runs.place(ev("RUN_STARTED", "r3")).closed).toBeUndefined();
    expect(runs.all).toHaveLength(1);
  });
});
