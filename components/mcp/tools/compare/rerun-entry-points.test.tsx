// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { entry } from "@/lib/protocols/mcp/test-fixtures";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import { TrafficDetail } from "@/components/mcp/traffic/traffic-detail";
import { PgToolCallCard } from "@/components/playground/pg-tool-call-card";
import type { PgToolCall } from "@/lib/contracts/playground";
import { RerunProvider } from "@/components/elements/tool-result/rerun-context";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { makeCall } from "@/components/elements/tool-result/test-helpers";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = () =>
  pairTraffic([
    entry({
      seq: 1,
      connectionId: "s",
      direction: "out",
      raw: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "echo", arguments: { message: "x" } } },
    }),
    entry({ seq: 2, connectionId: "s", direction: "in", raw: { jsonrpc: "2.0", id: 7, result: { content: [] } } }),
  ])[0]!;

describe("Re-run from the traffic detail and from a playground card", () => {
  it("a tools/call row finds its recorded call by JSON-RPC id and opens its re-run", async () => {
    const other = makeCall("echo", "ok", { id: "older", connectionId: "s", requestId: 3 });
    const mine = makeCall("echo", "ok", { id: "c7", connectionId: "s", requestId: 7 });
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/s/calls": () => [mine, other] }).fetch);
    const navigate = vi.fn();
    renderWithClient(
      <RerunProvider navigate={navigate}>
        <TrafficDetail row={row()} onClose={vi.fn()} />
      </RerunProvider>,
    );
    fireEvent.click(await screen.findByTestId("traffic-rerun"));
    expect(navigate).toHaveBeenCalledWith({ connectionId: "s", tab: "tools", tool: "echo", rerun: "c7", diff: null });
  });

  it("outside the workbench (no provider) the traffic detail offers no Re-run", () => {
    render(<TrafficDetail row={row()} onClose={vi.fn()} />);
    expect(screen.getByTestId("traffic-detail")).toBeTruthy();
    expect(screen.queryByTestId("traffic-rerun")).toBeNull();
  });

  it("a playground call that reached its server opens its re-run; one that did not offers none", () => {
    const call: PgToolCall = {
      turn: 1,
      step: 1,
      toolCallId: "tc1",
      calledAs: "echo",
      connectionId: "s",
      tool: "echo",
      arguments: { message: "x" },
      status: "ok",
      callId: "c9",
    };
    // The card's app slot may ask the server for the tool's UI: nothing here answers it.
    vi.stubGlobal("fetch", fetchRouter({}).fetch);
    const navigate = vi.fn();
    const card = (c: PgToolCall) =>
      renderWithClient(
        <RerunProvider navigate={navigate}>
          <PgToolCallCard call={c} />
        </RerunProvider>,
      );
    card(call);
    fireEvent.click(screen.getByTestId("pg-rerun"));
    expect(navigate).toHaveBeenCalledWith({ connectionId: "s", tab: "tools", tool: "echo", rerun: "c9", diff: null });
    cleanup();
    card({ ...call, status: "rejected", callId: undefined });
    expect(screen.getByTestId("pg-tool-call")).toBeTruthy();
    expect(screen.queryByTestId("pg-rerun")).toBeNull();
  });
});
