// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { Tool } from "@/lib/queries/tools";
import { ToolsPanel } from "@/components/mcp/tools/tools-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { MCP_FIXTURES } from "@/lib/testing/shared-fixtures";

const { tools } = JSON.parse(readFileSync(`${MCP_FIXTURES}/server-everything/stdio-tools.json`, "utf8")) as { tools: Tool[] };

const everything = connectionFixture();
const other = connectionFixture({ id: "other", name: "other-server" });

function setup(selectedTool: string | null, extra: Record<string, Parameters<typeof fetchRouter>[0][string]> = {}) {
  const router = fetchRouter({
    "GET /api/connections/everything/tools": () => ({ tools, pages: 2, listedAt: 1_700_000_000_000 }),
    "GET /api/connections/other/tools": () => ({ tools: [{ name: "echo", inputSchema: { type: "object" } }], pages: 1, listedAt: 1 }),
    "GET /api/connections/everything/calls": () => [],
    "GET /api/connections/everything/traffic": () => [],
    ...extra,
  });
  vi.stubGlobal("fetch", router.fetch);
  const onSelectTool = vi.fn();
  const view = renderWithClient(
    <ToolsPanel connection={everything} allConnections={[everything, other]} selectedTool={selectedTool} onSelectTool={onSelectTool} />,
  );
  return { ...view, router, onSelectTool };
}

const listedNames = () => screen.getAllByTestId("tool-item").map((el) => el.getAttribute("data-tool"));

beforeEach(() => {
  vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => "call-uuid-1" });
  // happy-dom does no layout: give the virtualized list's scroller a height so rows render.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ToolsPanel", () => {
  it("lists the fixture's tools with count and pages, and filters by search", async () => {
    setup(null);
    await waitFor(() => expect(listedNames()).toHaveLength(tools.length));
    expect(screen.getByTestId("tool-count").textContent).toContain(`${tools.length} tools · 2 pages`);

    fireEvent.change(screen.getByTestId("tool-search"), { target: { value: "sum" } });
    expect(listedNames()).toEqual(["get-sum"]);
    expect(screen.getByTestId("tool-count").textContent).toContain(`1 of ${tools.length} tools`);

    // Words match anywhere in name, title or description.
    fireEvent.change(screen.getByTestId("tool-search"), { target: { value: "elicitation trigger" } });
    expect(listedNames()).toEqual(["trigger-elicitation-request", "trigger-url-elicitation"]);
  });

  it("shows annotation badges and flags a name another connected server also exposes", async () => {
    const { onSelectTool } = setup("echo");
    await waitFor(() => expect(screen.getByTestId("tool-detail")).toBeTruthy());
    const echoRow = screen.getAllByTestId("tool-item").find((el) => el.getAttribute("data-tool") === "echo")!;
    expect(within(echoRow).getByText("read-only")).toBeTruthy();
    expect(within(echoRow).getByText("idempotent")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("collision-warning").textContent).toContain("other-server"));

    fireEvent.click(screen.getAllByTestId("tool-item").find((el) => el.getAttribute("data-tool") === "get-sum")!);
    expect(onSelectTool).toHaveBeenCalledWith("get-sum");
  });

  it("renders the selected tool's form prefilled from its schema defaults", async () => {
    setup("get-annotated-message");
    const detail = await screen.findByTestId("tool-detail");
    expect(detail.getAttribute("data-tool")).toBe("get-annotated-message");
    expect(within(detail).getByText("Get Annotated Message Tool")).toBeTruthy();
    expect(within(detail).getByText(/messageType/)).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>("call-timeout").value).toBe("60000");
  });

  it("does not send invalid arguments and posts the expected body once they are valid", async () => {
    const final: CallRecord = {
      id: "call-uuid-1",
      connectionId: "everything",
      tool: "get-sum",
      args: { a: 2, b: 3 },
      requestId: 4,
      startedAt: 10,
      endedAt: 25,
      timeoutMs: 5000,
      status: "ok",
      result: { content: [{ type: "text", text: "The sum of 2 and 3 is 5." }] },
    };
    const { router } = setup("get-sum", { "POST /api/connections/everything/tools/call": () => final });
    await screen.findByTestId("tool-detail");

    fireEvent.click(screen.getByTestId("run-tool"));
    await screen.findByTestId("run-blocked");
    expect(router.requests.filter((r) => r.method === "POST")).toHaveLength(0);

    // The schema form renders numbers as text inputs with a decimal keypad.
    const inputs = [...screen.getByTestId("tool-detail").querySelectorAll<HTMLInputElement>('input[inputmode="decimal"]')];
    expect(inputs).toHaveLength(2);
    fireEvent.change(inputs[0]!, { target: { value: "2" } });
    fireEvent.change(inputs[1]!, { target: { value: "3" } });
    fireEvent.change(screen.getByTestId("call-timeout"), { target: { value: "5000" } });
    fireEvent.click(screen.getByTestId("run-tool"));

    await waitFor(() => expect(router.requests.filter((r) => r.method === "POST")).toHaveLength(1));
    const post = router.requests.find((r) => r.method === "POST")!;
    expect(post.path).toBe("/api/connections/everything/tools/call");
    expect(post.body).toEqual({
      callId: "call-uuid-1",
      name: "get-sum",
      arguments: { a: 2, b: 3 },
      timeoutMs: 5000,
      maxTotalTimeoutMs: 600000,
    });
    await waitFor(() => expect(screen.getByTestId("tool-result").getAttribute("data-status")).toBe("ok"));
    expect(within(screen.getByTestId("call-history")).getAllByTestId("call-history-item")).toHaveLength(1);
  });

  it("shows the server's error inline with a retry instead of a blank panel", async () => {
    setup(null, {
      "GET /api/connections/everything/tools": () =>
        Response.json({ error: { code: "conflict:not_connected", message: "Server is not connected" } }, { status: 409 }),
    });
    const alert = await screen.findByTestId("query-error");
    expect(alert.textContent).toContain("Server is not connected");
    expect(within(alert).getByText("Retry")).toBeTruthy();
  });
});
