// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { Tool } from "@/lib/queries/tools";
import { ToolDetail } from "@/components/mcp/tools/tool-detail";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

// A plain Run on a 2026-07-28 connection with tasks on, the server answering with a task
// (Tasks extension): the call reads "Ran as a task", links to the task, and shows its result.
const rebook: Tool = { name: "rebook-all", inputSchema: { type: "object", properties: {} } };
const now = Date.now();
const call: CallRecord = {
  id: "call-t",
  connectionId: "everything",
  tool: rebook.name,
  args: {},
  requestId: 3,
  startedAt: now,
  endedAt: now + 12,
  timeoutMs: 60_000,
  status: "task",
  taskId: "task-9",
};
const task: TaskRecord = {
  taskId: "task-9",
  connectionId: "everything",
  sessionKey: "s1",
  origin: "loupe",
  tool: rebook.name,
  args: {},
  flavour: "extension",
  status: "working",
  createdAt: now,
  lastUpdatedAt: now,
  ttl: 300_000,
  pollInterval: 250,
  checkedAt: now,
};
const done = {
  ...task,
  status: "completed" as const,
  result: { content: [{ type: "text", text: "Rebooked 3 bookings" }], isError: false },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a plain Run the server makes a task", () => {
  it("reads 'Ran as a task' with the task's id and a link to it (not an error), then shows the task's result", async () => {
    vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => "call-t" });
    let finished = false;
    const router = fetchRouter({
      "GET /api/connections/everything/calls": () => [],
      "GET /api/connections/everything/traffic": () => [],
      "POST /api/connections/everything/tools/call": () => call,
      "GET /api/connections/everything/tasks/task-9": () => (finished ? done : task),
      "POST /api/connections/everything/tasks/task-9/poll": () => ({ ...(finished ? done : task), checkedAt: Date.now() }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const onOpenTask = vi.fn();
    renderWithClient(<ToolDetail connection={connectionFixture()} tool={rebook} collision={null} onOpenTask={onOpenTask} />);
    await screen.findByTestId("call-history");
    fireEvent.click(screen.getByTestId("run-tool"));

    const note = await screen.findByTestId("call-task");
    const result = screen.getAllByTestId("tool-result")[0]!;
    expect(result.getAttribute("data-status")).toBe("task");
    expect(within(result).getByTestId("result-status").textContent).toBe("Ran as a task");
    expect(within(note).getByTestId("call-task-id").textContent).toBe("task-9");
    expect(screen.queryByTestId("call-error")).toBeNull();
    fireEvent.click(within(note).getByTestId("open-call-task"));
    expect(onOpenTask).toHaveBeenCalledWith("task-9");

    // The task itself, live under the call, ends with its result on the same page.
    const view = await screen.findByTestId("task-run-view");
    expect(within(view).getByTestId("task-id").textContent).toBe("task-9");
    finished = true;
    await waitFor(() => expect(within(screen.getByTestId("task-run-view")).getByTestId("task-status").textContent).toBe("completed"), {
      timeout: 3_000,
    });
    expect(screen.getByTestId("task-run-view").textContent).toContain("Rebooked 3 bookings");
  });

  it("shows a history row with a status it does not know as that word instead of breaking the page", async () => {
    const odd = { ...call, id: "call-odd", status: "from_a_later_loupe" as CallRecord["status"], taskId: undefined };
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/everything/calls": () => [odd] }).fetch);
    renderWithClient(<ToolDetail connection={connectionFixture()} tool={rebook} collision={null} />);
    const row = await screen.findByTestId("call-history-item");
    expect(row.textContent).toContain("from_a_later_loupe");
    fireEvent.click(within(row).getByTitle("Show this result"));
    expect(within(screen.getByTestId("result-status")).getByText("from_a_later_loupe")).toBeTruthy();
  });
});
