// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { TasksPanel } from "@/components/mcp/tasks/tasks-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

// A server of 2026-07-28 declaring the Tasks extension (SEP-2663) in capabilities.extensions.
const caps = { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } };
const now = Date.now();
const rec = (over: Partial<TaskRecord>): TaskRecord => ({
  taskId: "t-ext",
  connectionId: "everything",
  sessionKey: "s1",
  origin: "loupe",
  tool: "slow-report",
  args: {},
  status: "completed",
  createdAt: now,
  lastUpdatedAt: now,
  ttl: 600_000,
  pollInterval: 250,
  checkedAt: now,
  flavour: "extension",
  result: { content: [{ type: "text", text: "Report ready (long)" }], isError: false },
  ...over,
});
const ext = rec({});
const core = rec({ taskId: "t-core", flavour: undefined, tool: "simulate-research-query", createdAt: now - 1 });
const listing: TaskListing = {
  support: { toolsCall: true, list: false, cancel: true, extension: true },
  sessionKey: "s1",
  tasks: [ext, core],
  listedAt: now,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("tasks of both flavours side by side", () => {
  it("marks extension tasks in the list and names each task's flavour in its detail", async () => {
    const router = fetchRouter({ "GET /api/connections/everything/tasks": () => listing });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TasksPanel connection={connectionFixture({}, { capabilities: caps })} />);
    const rows = await screen.findAllByTestId("task-row");
    expect(rows.map((r) => r.dataset.task)).toEqual(["t-ext", "t-core"]);
    expect(within(rows[0]!).getByTestId("task-row-flavour").textContent).toContain("extension");
    expect(within(rows[1]!).queryByTestId("task-row-flavour")).toBeNull();
    // At 800 px the table squeezed the tool and task id to one letter per line; they keep to one line.
    for (const id of ["task-row-tool", "task-row-id"]) expect(within(rows[0]!).getByTestId(id).className).toContain("whitespace-nowrap");

    fireEvent.click(rows[0]!);
    expect(within(await screen.findByTestId("task-detail")).getByTestId("task-flavour").dataset.flavour).toBe("extension");
    fireEvent.click(screen.getAllByTestId("task-row")[1]!);
    const detail = await screen.findByTestId("task-detail");
    expect(detail.dataset.task).toBe("t-core");
    const flavour = within(detail).getByTestId("task-flavour");
    expect(flavour.dataset.flavour).toBe("2025-11-25");
    expect(flavour.textContent).toBe("2025-11-25 tasks");
  });
});
