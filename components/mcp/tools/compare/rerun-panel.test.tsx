// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { CallRecord } from "@/lib/contracts/calls";
import { RerunPanel } from "@/components/mcp/tools/compare/rerun-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { everythingCalls, makeCall } from "@/components/elements/tool-result/test-helpers";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ECHO = { name: "echo", inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } };
const original = makeCall("echo", "ok", {
  id: "c1",
  connectionId: "a",
  args: { message: "hi" },
  result: everythingCalls.echo,
  origin: { kind: "tap", tapId: "t1", client: { name: "claude-code" } },
});
const listing = { tools: [ECHO], pages: 1, listedAt: 1, excluded: [] };

describe("RerunPanel", () => {
  it("the original server is offline: runs on a live server with the tool, with the edited argument, then compares", async () => {
    const a = connectionFixture({ id: "a", name: "tapped" }, { status: "disconnected" });
    const b = connectionFixture({ id: "b", name: "everything" });
    const router = fetchRouter({
      "GET /api/connections/a/calls/c1": () => original,
      "GET /api/connections/b/tools": () => listing,
      "POST /api/connections/b/tools/call": (req) => {
        const body = req.body as { callId: string; arguments: Record<string, unknown> };
        return { ...original, id: body.callId, connectionId: "b", args: body.arguments, origin: undefined } satisfies CallRecord;
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    const onCompared = vi.fn();
    renderWithClient(<RerunPanel connection={a} allConnections={[a, b]} callId="c1" onCompared={onCompared} onClose={vi.fn()} />);

    const field = await screen.findByRole("textbox", { name: "message" });
    expect((field as HTMLInputElement).value).toBe("hi");
    expect(screen.getByTestId("rerun-original").textContent).toContain("via claude-code");
    expect(screen.getByTestId<HTMLSelectElement>("rerun-target").value).toBe("b");
    fireEvent.change(field, { target: { value: "hello" } });
    fireEvent.click(screen.getByTestId("run-tool"));

    await waitFor(() => expect(onCompared).toHaveBeenCalledOnce());
    const sent = router.requests.find((r) => r.method === "POST");
    expect(sent?.body).toMatchObject({ name: "echo", arguments: { message: "hello" } });
    const newId = (sent?.body as { callId: string }).callId;
    expect(onCompared).toHaveBeenCalledWith(`c1~b/${newId}`);
  });

  it("no live server has the tool: says so instead of a form", async () => {
    const a = connectionFixture({ id: "a", name: "tapped" }, { status: "disconnected" });
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/a/calls/c1": () => original }).fetch);
    renderWithClient(<RerunPanel connection={a} allConnections={[a]} callId="c1" onCompared={vi.fn()} onClose={vi.fn()} />);
    expect((await screen.findByTestId("rerun-offline")).textContent).toContain("No connected server has a tool named “echo”");
    expect(screen.queryByTestId("rerun-form")).toBeNull();
  });

  it("an unknown call says it could not be loaded", async () => {
    const a = connectionFixture({ id: "a" });
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/a/tools": () => listing }).fetch);
    renderWithClient(<RerunPanel connection={a} allConnections={[a]} callId="gone" onCompared={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText("The recorded call could not be loaded")).toBeTruthy();
  });
});
