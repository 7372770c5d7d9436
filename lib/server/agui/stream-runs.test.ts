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
  it("a RUN_STARTED naming Loupe's runId is Loupe's run; one after it closed opens the next under the agent's id", () => {
    const runs = new StreamRuns(first(), () => false);
    expect(runs.place(ev("RUN_STARTED", "loupe-1")).run.role).toBe("loupe");
    expect(runs.place(ev("RUN_FINISHED", "loupe-1")).closed).toBeUndefined();
    const { run, closed } = runs.place(ev("RUN_STARTED", "agent-2"));
    expect(closed?.record.runId).toBe("loupe-1");
    expect(run.role).toBe("next");
    expect(run.record).toMatchObject({ runId: "agent-2", threadId: "t1", agentId: "a1", status: "running", responseOf: "loupe-1" });
    expect(runs.place(ev("TEXT_MESSAGE_START")).run).toBe(run);
    expect(runs.settle().record.runId).toBe("loupe-1");
    expect(runs.all.map((r) => [r.record.runId, r.role])).toEqual([
      ["loupe-1", "loupe"],
      ["agent-2", "next"],
    ]);
  });

  it("runs before the one naming Loupe's runId are replayed history, decided when it comes", () => {
    // Before: the first run was taken for Loupe's, and the run naming Loupe's runId got a new id.
    const runs = new StreamRuns(first(), () => false);
    const old = runs.place(ev("RUN_STARTED", "old-run")).run;
    expect(old.role).toBe("undecided");
    runs.place(ev("RUN_FINISHED", "old-run"));
    const { run, closed, history } = runs.place(ev("RUN_STARTED", "loupe-1"));
    expect(closed).toBe(old);
    expect(history).toEqual([old]);
    expect(old.role).toBe("history");
    expect(old.record).toMatchObject({ runId: "old-run", replayedIn: "loupe-1" });
    expect(old.record.responseOf).toBeUndefined();
    expect(run.role).toBe("loupe");
    expect(run.record.runId).toBe("loupe-1");
    expect(runs.settle()).toBe(run);
    expect(runs.all.map((r) => [r.record.runId, r.role])).toEqual([
      ["old-run", "history"],
      ["loupe-1", "loupe"],
    ]);
  });

  it("when none names Loupe's runId, the first run is Loupe's whatever id the agent gave it, decided at the end", () => {
    const loupe = first();
    const runs = new StreamRuns(loupe, () => false);
    const own = runs.place(ev("RUN_STARTED", "agent-own")).run;
    runs.place(ev("RUN_FINISHED", "agent-own"));
    const after = runs.place(ev("RUN_STARTED", "agent-2")).run;
    expect([own.role, after.role]).toEqual(["undecided", "undecided"]);
    expect(runs.settle()).toBe(own);
    expect(runs.all.map((r) => [r.record.runId, r.role, r.record.responseOf])).toEqual([
      ["loupe-1", "loupe", undefined],
      ["agent-2", "next", "loupe-1"],
    ]);
    // It is recorded under Loupe's record itself (the one the route answered, the answers name).
    expect(own.record).toBe(loupe);
  });

  it("events before any RUN_STARTED are Loupe's run's: the runs after it are next runs", () => {
    const runs = new StreamRuns(first(), () => false);
    expect(runs.place(ev("RUN_ERROR", undefined, { message: "no" })).run.role).toBe("loupe");
    expect(runs.place(ev("RUN_STARTED", "other")).run.role).toBe("next");
  });

  it("a next run whose id is taken (used in this response, or a run Loupe has) is recorded under a new one", () => {
    const runs = new StreamRuns(first(), (id) => id === "stored");
    runs.place(ev("RUN_STARTED", "loupe-1"));
    runs.place(ev("RUN_FINISHED", "loupe-1"));
    const stored = runs.place(ev("RUN_STARTED", "stored")).run.record.runId;
    runs.place(ev("RUN_ERROR", "stored"));
    const loupes = runs.place(ev("RUN_STARTED", "loupe-1")).run.record.runId;
    runs.place(ev("RUN_FINISHED", "loupe-1"));
    const x = runs.place(ev("RUN_STARTED", "x")).run.record.runId;
    runs.place(ev("RUN_FINISHED", "x"));
    const again = runs.place(ev("RUN_STARTED", "x")).run.record.runId;
    expect(x).toBe("x");
    expect([stored, loupes, again].every((id) => !["x", "stored", "loupe-1"].includes(id))).toBe(true);
    expect(new Set([stored, loupes, again]).size).toBe(3);
  });

  it("a nested run, and a RUN_STARTED over the open run, open no next run; after the overlap nothing does", () => {
    const runs = new StreamRuns(first(), () => false);
    runs.place(ev("RUN_STARTED", "loupe-1"));
    runs.place(ev("RUN_STARTED", "sub", { parentRunId: "loupe-1" }));
    runs.place(ev("RUN_FINISHED", "sub"));
    expect(runs.place(ev("RUN_STARTED", "r2")).closed).toBeUndefined();
    runs.place(ev("RUN_FINISHED", "r2"));
    expect(runs.place(ev("RUN_STARTED", "r3")).closed).toBeUndefined();
    expect(runs.all).toHaveLength(1);
  });

  it("a RUN_ERROR after RUN_FINISHED stays with the run it fails (a late failure), not a run of its own", () => {
    const runs = new StreamRuns(first(), () => false);
    const mine = runs.place(ev("RUN_STARTED", "loupe-1")).run;
    runs.place(ev("RUN_FINISHED", "loupe-1"));
    expect(runs.place(ev("RUN_ERROR", undefined, { message: "late" })).run).toBe(mine);
    expect(runs.place(ev("RUN_STARTED", "r2")).closed).toBe(mine);
  });
});
