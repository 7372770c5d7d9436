// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TaskRecord } from "@/lib/contracts/tasks";
import type { Tool } from "@/lib/queries/tools";
import { ToolDetail } from "@/components/mcp/tools/tool-detail";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

const caps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const topicSchema = { type: "object", properties: { topic: { type: "string", default: "x" } }, required: ["topic"] };
const research: Tool = {
  name: "simulate-research-query",
  inputSchema: topicSchema as Tool["inputSchema"],
  execution: { taskSupport: "required" },
};
const optional: Tool = { name: "maybe-task", inputSchema: topicSchema as Tool["inputSchema"], execution: { taskSupport: "optional" } };
const echo: Tool = { name: "echo", inputSchema: topicSchema as Tool["inputSchema"] };

const now = Date.now();
const created: TaskRecord = {
  taskId: "task-1",
  connectionId: "everything",
  sessionKey: "s1",
  origin: "loupe",
  tool: research.name,
  args: { topic: "x" },
  status: "working",
  createdAt: now,
  lastUpdatedAt: now,
  ttl: 300_000,
  pollInterval: 250,
  checkedAt: now,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Run as task on the tool page", () => {
  it("runs a 'required' tool as a task, follows it to completed and fetches the result by itself", async () => {
    const router = fetchRouter({
      "GET /api/connections/everything/calls": () => [],
      "POST /api/connections/everything/tasks": () => Response.json(created, { status: 201 }),
      "POST /api/connections/everything/tasks/task-1/poll": () => ({
        ...created,
        status: "completed",
        statusMessage: undefined,
        checkedAt: Date.now(),
      }),
      "POST /api/connections/everything/tasks/task-1/result": () => ({
        ...created,
        status: "completed",
        checkedAt: Date.now(),
        result: { content: [{ type: "text", text: "# Research Report: x" }] },
      }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ToolDetail connection={connectionFixture({}, { capabilities: caps })} tool={research} collision={null} />);
    await screen.findByTestId("call-history");
    expect(screen.getByTestId("task-required-note")).toBeTruthy();
    expect(screen.queryByTestId("run-as-task")).toBeNull();
    expect(screen.getByTestId("run-tool").textContent).toContain("Run as task");

    fireEvent.click(screen.getByTestId("run-tool"));
    const view = await screen.findByTestId("task-run-view");
    const post = router.requests.find((r) => r.method === "POST" && r.path === "/api/connections/everything/tasks")!;
    expect(post.body).toEqual({ name: research.name, arguments: { topic: "x" }, timeoutMs: 60000 });
    expect(router.requests.some((r) => r.path.endsWith("/tools/call"))).toBe(false);
    expect(within(view).getByTestId("task-id").textContent).toBe("task-1");

    await waitFor(() => expect(screen.getByTestId("tool-result").textContent).toContain("Research Report: x"), { timeout: 3_000 });
    expect(within(screen.getByTestId("task-run-view")).getByTestId("task-status").textContent).toBe("completed");
    expect(router.requests.filter((r) => r.path.endsWith("/task-1/result"))).toHaveLength(1);
  });

  it("offers a 'Run as task' box for an 'optional' tool: unticked is a plain call, ticked creates a task", async () => {
    const router = fetchRouter({
      "GET /api/connections/everything/calls": () => [],
      "GET /api/connections/everything/traffic": () => [],
      "POST /api/connections/everything/tools/call": () => new Promise<never>(() => undefined),
      "POST /api/connections/everything/tasks": () =>
        Response.json({ error: { code: "bad_request:task_support", message: 'Tool "maybe-task" cannot run as a task' } }, { status: 400 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<ToolDetail connection={connectionFixture({}, { capabilities: caps })} tool={optional} collision={null} />);
    await screen.findByTestId("call-history");
    fireEvent.click(screen.getByTestId("run-as-task"));
    expect(screen.getByTestId("run-tool").textContent).toContain("Run as task");
    fireEvent.click(screen.getByTestId("run-tool"));
    // The server's refusal is shown, not swallowed.
    await waitFor(() => expect(screen.getByText("The task could not be created")).toBeTruthy());
    expect(screen.getByTestId("query-error").textContent).toContain('Tool "maybe-task" cannot run as a task');

    fireEvent.click(screen.getByTestId("run-as-task"));
    expect(screen.getByTestId("run-tool").textContent).not.toContain("task");
    fireEvent.click(screen.getByTestId("run-tool"));
    await waitFor(() => expect(router.requests.some((r) => r.path.endsWith("/tools/call"))).toBe(true));
  });

  it("offers no task option for a tool without taskSupport, nor on a server without tasks", async () => {
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/everything/calls": () => [] }).fetch);
    renderWithClient(<ToolDetail connection={connectionFixture({}, { capabilities: caps })} tool={echo} collision={null} />);
    await screen.findByTestId("call-history");
    expect(screen.queryByTestId("run-as-task")).toBeNull();
    expect(screen.queryByTestId("task-required-note")).toBeNull();
    cleanup();
    renderWithClient(<ToolDetail connection={connectionFixture()} tool={optional} collision={null} />);
    await screen.findByTestId("call-history");
    expect(screen.queryByTestId("run-as-task")).toBeNull();
  });
});
