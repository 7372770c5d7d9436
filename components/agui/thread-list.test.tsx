// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { AguiHumanRequest, AguiRunStatus, AguiThreadSummary } from "@/lib/contracts/agui";
import type { InboxRow } from "@/lib/contracts/inbox";
import { ThreadList, waitingThreadsOf } from "./thread-list";

afterEach(cleanup);

const thread = (threadId: string, lastStatus: AguiRunStatus, updatedAt: number): AguiThreadSummary => ({
  agentId: "a1",
  threadId,
  createdAt: 1,
  updatedAt,
  runCount: 1,
  lastStatus,
});
const row = (threadId: string, status: AguiHumanRequest["status"], agentId = "a1") =>
  ({ source: "agui", id: `q-${threadId}-${status}`, agentId, threadId, runId: "r1", kind: "tool", status, createdAt: 1 }) as InboxRow;

const badges = () => screen.getAllByTestId("agui-run-status").map((b) => b.textContent);

describe("ThreadList", () => {
  it("a thread whose last run ended on a front-end tool call reads Waiting while the call waits, Finished once answered", () => {
    const threads = [thread("t-tool", "finished", 3), thread("t-done", "finished", 2), thread("t-new", "running", 1)];
    const inbox = [row("t-tool", "pending"), row("t-done", "answered"), row("t-new", "pending"), row("t-done", "pending", "other-agent")];
    render(<ThreadList threads={threads} selectedId={null} onSelect={() => {}} waitingThreads={waitingThreadsOf(inbox, "a1")} />);
    // t-new has a run going: it reads Running, not Waiting, though an older call of it waits.
    expect(badges()).toEqual(["Waiting", "Finished", "Running"]);
    cleanup();
    const answered = [row("t-tool", "answered")];
    render(<ThreadList threads={threads} selectedId={null} onSelect={() => {}} waitingThreads={waitingThreadsOf(answered, "a1")} />);
    expect(badges()).toEqual(["Finished", "Finished", "Running"]);
  });

  it("a failed answer still waits on the user; stale and other agents' requests do not", () => {
    expect([...waitingThreadsOf([row("t1", "failed"), row("t2", "stale"), row("t3", "pending", "a2")], "a1")]).toEqual(["t1"]);
    expect(waitingThreadsOf(undefined, "a1").size).toBe(0);
  });
});
