import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { LgRunRecord, LgRunStatus } from "@/lib/contracts/langgraph";
import { runningRunId, runsOfEntries } from "@/lib/queries/langgraph-entries";

const entry = (seq: number, kind: string, raw: unknown): Entry => ({
  seq,
  connectionId: "d",
  sessionKey: "t",
  receivedAt: seq,
  sourceTime: null,
  direction: "in",
  protocol: "langgraph",
  kind,
  raw,
  rawBytes: 1,
});
const run = (status: LgRunStatus, runId = "r1"): LgRunRecord => ({
  runId,
  threadId: "t",
  deploymentId: "d",
  assistantId: "a",
  status,
  startedAt: 1,
  endedAt: null,
  eventCount: 0,
});

describe("a thread's runs from its entries", () => {
  it("keeps the last copy of each run, and finds the one still running", () => {
    const entries = [entry(1, "lg_run", run("running")), entry(2, "lg_run", run("interrupted"))];
    expect(runsOfEntries(entries).map((r) => r.status)).toEqual(["interrupted"]);
    expect(runningRunId(entries, [run("running", "r0")])).toBe("r0");
    expect(runningRunId([entry(1, "lg_run", run("running"))], [])).toBe("r1");
    expect(runningRunId(entries, [])).toBeNull();
  });
});
