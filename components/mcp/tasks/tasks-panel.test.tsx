// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import type { TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { TasksPanel } from "@/components/mcp/tasks/tasks-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

const caps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const now = Date.now();
const rec = (over: Partial<TaskRecord>): TaskRecord => ({
  taskId: "t-working",
  connectionId: "everything",
  sessionKey: "s1",
  origin: "loupe",
  tool: "simulate-research-query",
  args: { topic: "x" },
  status: "working",
  statusMessage: "Gathering sources...",
  createdAt: now,
  lastUpdatedAt: now,
  ttl: 300_000,
  pollInterval: 300,
  checkedAt: now,
  ...over,
});
const working = rec({});
const asking = rec({
  taskId: "t-asking",
  status: "input_required",
  statusMessage: "Requesting clarification...",
  createdAt: now - 1,
  awaitingResult: true,
});
const done = rec({
  taskId: "t-done",
  status: "completed",
  statusMessage: undefined,
  createdAt: now - 2,
  result: { content: [{ type: "text", text: "# Research Report: x" }] },
});
const old = rec({ taskId: "t-old", sessionKey: "s0", createdAt: now - 3 });
const listing = (tasks: TaskRecord[], over: Partial<TaskListing> = {}): TaskListing => ({
  support: { toolsCall: true, list: true, cancel: true },
  sessionKey: "s1",
  tasks,
  listedAt: now,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TasksPanel", () => {
  it("says clearly when the server does not support tasks", async () => {
    const router = fetchRouter({
      "GET /api/connections/everything/tasks": () => listing([], { support: { toolsCall: false, list: false, cancel: false } }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TasksPanel connection={connectionFixture()} />);
    const msg = await screen.findByTestId("tasks-unsupported");
    expect(msg.textContent).toMatch(/does not support tasks: it declared no tasks capability/);
    expect(screen.queryByTestId("tasks-table")).toBeNull();
  });

  it("lists tasks with status badges, polls the unfinished one of this session, and shows detail, inbox hint and result", async () => {
    let polled = 0;
    // As a server does: once cancelled, a poll answers cancelled (a poll in flight during the cancel
    // answered input_required after it on a loaded machine, and the detail never read "cancelled").
    let askingCancelled = false;
    const router = fetchRouter({
      "GET /api/connections/everything/tasks": () => listing([working, asking, done, old]),
      "POST /api/connections/everything/tasks/t-working/poll": () => {
        polled++;
        return { ...working, status: "completed", statusMessage: undefined, checkedAt: Date.now() };
      },
      "POST /api/connections/everything/tasks/t-asking/poll": () =>
        askingCancelled ? { ...asking, status: "cancelled", awaitingResult: false } : { ...asking, checkedAt: Date.now() },
      "POST /api/connections/everything/tasks/t-asking/cancel": () => {
        askingCancelled = true;
        return { ...asking, status: "cancelled", awaitingResult: false };
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    const { client } = renderWithClient(<TasksPanel connection={connectionFixture({}, { capabilities: caps })} />);
    const rows = await screen.findAllByTestId("task-row");
    expect(rows.map((r) => r.dataset.task)).toEqual(["t-working", "t-asking", "t-done", "t-old"]);
    expect(rows.map((r) => within(r).getByTestId("task-status").textContent)).toEqual([
      "working",
      "input required",
      "completed",
      "working",
    ]);
    expect(rows[1]!.textContent).toContain("see inbox");
    expect(rows[3]!.textContent).toContain("earlier session");
    expect(within(rows[3]!).getByTestId("task-poll")).toHaveProperty("disabled", true);

    // Automatic polling honours pollInterval (300 ms) and skips finished and earlier-session tasks.
    await waitFor(() => expect(polled).toBeGreaterThan(0), { timeout: 2_000 });
    await waitFor(() => expect(screen.getAllByTestId("task-row")[0]!.dataset.status).toBe("completed"));
    const paths = router.requests.map((r) => r.path);
    expect(paths.some((p) => p.includes("t-done/poll") || p.includes("t-old/poll"))).toBe(false);

    // The input_required task: detail with the inbox hint, then cancel.
    fireEvent.click(screen.getAllByTestId("task-row")[1]!);
    const detail = await screen.findByTestId("task-detail");
    expect(within(detail).getByTestId("task-open-inbox").getAttribute("href")).toBe("/?view=inbox");
    expect(within(detail).getByTestId("task-awaiting-result")).toBeTruthy();
    fireEvent.click(within(detail).getByTestId("task-cancel"));
    await waitFor(() => expect(within(screen.getByTestId("task-detail")).getByTestId("task-status").textContent).toBe("cancelled"));
    expect(router.requests.some((r) => r.method === "POST" && r.path.endsWith("/t-asking/cancel"))).toBe(true);

    // The completed task's result is rendered with the tool result view.
    fireEvent.click(screen.getAllByTestId("task-row")[2]!);
    await waitFor(() => expect(screen.getByTestId("tool-result").textContent).toContain("Research Report: x"));

    // A stream entry updates the list live.
    const e: Entry = {
      seq: 1,
      connectionId: "everything",
      sessionKey: "s1",
      receivedAt: now,
      sourceTime: null,
      direction: "local",
      protocol: "loupe",
      kind: "task",
      raw: rec({ taskId: "t-new", createdAt: now + 5, statusMessage: "Analyzing content..." }),
      rawBytes: 1,
    };
    act(() => applyStreamEntries(client, [e]));
    await waitFor(() => expect(screen.getAllByTestId("task-row")[0]!.dataset.task).toBe("t-new"));
    expect(screen.getByTestId("tasks-count").textContent).toBe("5 tasks");
  });

  it("shows a failed task request beside the task and keeps the list", async () => {
    const router = fetchRouter({
      "GET /api/connections/everything/tasks": () => listing([done]),
      "POST /api/connections/everything/tasks/t-done/result": () =>
        Response.json({ error: { code: "upstream:rpc_error", message: "tasks/result failed: Task not found" } }, { status: 502 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TasksPanel connection={connectionFixture({}, { capabilities: caps })} />);
    fireEvent.click(await screen.findByTestId("task-row"));
    fireEvent.click(within(screen.getByTestId("task-detail")).getByTestId("task-result"));
    const err = await screen.findByTestId("query-error");
    expect(err.textContent).toContain("tasks/result failed: Task not found");
    expect(screen.getAllByTestId("task-row")).toHaveLength(1);
  });
});
