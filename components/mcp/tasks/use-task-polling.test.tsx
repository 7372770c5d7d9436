// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, waitFor } from "@testing-library/react";
import { focusManager } from "@tanstack/react-query";
import { AppError } from "@/lib/errors";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { nextPollDelay, useTaskPolling } from "./use-task-polling";

const now = Date.now();
const working: TaskRecord = {
  taskId: "t1",
  connectionId: "everything",
  sessionKey: "s1",
  origin: "loupe",
  tool: "slow",
  args: {},
  status: "working",
  createdAt: now,
  lastUpdatedAt: now,
  ttl: 300_000,
  pollInterval: 250,
  checkedAt: now,
};
const stateOf = (data: TaskRecord | undefined, error: unknown = null) =>
  ({ state: { data, error } }) as Parameters<typeof nextPollDelay>[0];

function Poller({ tasks }: { tasks: TaskRecord[] }) {
  useTaskPolling("everything", tasks, { sessionKey: "s1", enabled: true });
  return null;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  vi.unstubAllGlobals();
});

describe("nextPollDelay", () => {
  it("honours the server's pollInterval (clamped) while unfinished and stops when terminal", () => {
    expect(nextPollDelay(stateOf({ ...working, pollInterval: 2_000 }))).toBe(2_000);
    expect(nextPollDelay(stateOf({ ...working, pollInterval: undefined }))).toBe(1_000);
    expect(nextPollDelay(stateOf({ ...working, pollInterval: 5 }))).toBe(250);
    expect(nextPollDelay(stateOf({ ...working, status: "input_required" }))).toBe(250);
    for (const status of ["completed", "failed", "cancelled"] as const) expect(nextPollDelay(stateOf({ ...working, status }))).toBe(false);
    expect(nextPollDelay(stateOf({ ...working, sessionKey: "s0" }), "s1")).toBe(false);
  });

  it("keeps polling after a lost connection to Loupe but not after a server-side failure", () => {
    expect(nextPollDelay(stateOf(working, new AppError("upstream:network", "down")))).toBe(250);
    expect(nextPollDelay(stateOf(working, new AppError("upstream:error", "expired")))).toBe(false);
  });
});

describe("useTaskPolling", () => {
  it("polls at the pollInterval until the task is terminal, then stops", async () => {
    let polls = 0;
    const router = fetchRouter({
      "POST /api/connections/everything/tasks/t1/poll": () => {
        polls++;
        return { ...working, status: polls >= 3 ? "completed" : "working", checkedAt: Date.now() };
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    const started = Date.now();
    renderWithClient(<Poller tasks={[working]} />);
    // The record in hand counts as the first answer: no poll before one interval.
    await sleep(120);
    expect(polls).toBe(0);
    await waitFor(() => expect(polls).toBe(3), { timeout: 3_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 250 - 20);
    await sleep(700);
    expect(polls).toBe(3);
  });

  it("does not poll while the tab is hidden and resumes when it is shown", async () => {
    let polls = 0;
    const router = fetchRouter({
      "POST /api/connections/everything/tasks/t1/poll": () => {
        polls++;
        return { ...working, checkedAt: Date.now() };
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    focusManager.setFocused(false);
    renderWithClient(<Poller tasks={[working]} />);
    await sleep(800);
    expect(polls).toBe(0);
    focusManager.setFocused(true);
    await waitFor(() => expect(polls).toBeGreaterThan(0), { timeout: 2_000 });
  });

  it("skips finished tasks and shares one poll between two views of the same task", async () => {
    const router = fetchRouter({
      "POST /api/connections/everything/tasks/t1/poll": () => ({ ...working, status: "completed", checkedAt: Date.now() }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(
      <>
        <Poller tasks={[working, { ...working, taskId: "t2", status: "completed" }]} />
        <Poller tasks={[working]} />
      </>,
    );
    await waitFor(() => expect(router.requests.length).toBe(1), { timeout: 2_000 });
    await sleep(600);
    expect(router.requests.map((r) => r.path)).toEqual(["/api/connections/everything/tasks/t1/poll"]);
  });
});
