// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { HttpExchange, NetworkLog } from "@/lib/contracts/network";
import { entry } from "@/lib/protocols/mcp/test-fixtures";
import { NetworkPanel } from "@/components/mcp/network/network-panel";
import type { NetworkPanelProps } from "@/components/mcp/network/network-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The panel with its selection kept as the workbench keeps it (?x=). */
function Selecting(props: Omit<NetworkPanelProps, "selectedId" | "onSelect">) {
  const [selectedId, onSelect] = useState<string | null>(null);
  return <NetworkPanel {...props} selectedId={selectedId} onSelect={onSelect} />;
}

const remote = connectionFixture({ id: "web", transport: "http", url: "http://127.0.0.1:7181/mcp", headers: {} } as never);

function exchange(over: Partial<HttpExchange & { seq: number }>): HttpExchange & { seq: number } {
  return {
    seq: 10,
    id: "x1",
    state: "done",
    method: "POST",
    url: "http://127.0.0.1:7181/mcp",
    status: 200,
    requestHeaders: { "mcp-method": "tools/call", "mcp-name": "add", authorization: "Bearer ••••••", "content-type": "application/json" },
    responseHeaders: { "mcp-session-id": "s-123", "content-type": "application/json" },
    startedAt: 1_000,
    headersMs: 12.5,
    durationMs: 14,
    requestBytes: 90,
    responseBytes: 2048,
    messages: [
      { dir: "out", id: 4, method: "tools/call" },
      { dir: "in", id: 4, response: true },
    ],
    ...over,
  };
}

describe("NetworkPanel", () => {
  it("lists exchanges by routing header, opens one with both header sets and links its messages to Traffic", async () => {
    const log: NetworkLog = {
      exchanges: [
        exchange({}),
        exchange({
          seq: 12,
          id: "g1",
          method: "GET",
          state: "open",
          requestHeaders: {},
          messages: [],
          stream: { events: 3 },
          durationMs: undefined,
        }),
      ],
    };
    const router = fetchRouter({
      "GET /api/connections/web/network": () => log,
      "GET /api/connections/web/traffic": () => [
        entry({
          seq: 7,
          connectionId: "web",
          direction: "out",
          receivedAt: 999,
          raw: { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "add" } },
        }),
      ],
    });
    vi.stubGlobal("fetch", router.fetch);
    const onOpenSeq = vi.fn();
    renderWithClient(<Selecting connection={remote} onOpenSeq={onOpenSeq} onOpenTraffic={() => undefined} />);

    const rows = await screen.findAllByTestId("network-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("tools/call add");
    expect(rows[1]?.textContent).toContain("event stream");
    expect(rows[1]?.textContent).toContain("open");
    fireEvent.click(rows[0]!);
    const detail = screen.getByTestId("network-detail");
    expect(within(detail).getByTestId("network-timing")?.textContent).toContain("Time to headers13 ms");
    const req = within(detail).getByTestId("network-request-headers");
    // MCP routing headers come first.
    expect(req.querySelector("[data-header]")?.getAttribute("data-header")).toBe("mcp-method");
    expect(req?.textContent).toContain("Bearer ••••••");
    expect(within(detail).getByTestId("network-response-headers")?.textContent).toContain("s-123");
    // The request is loaded in Traffic (seq 7): a link; the response is not: plain text.
    const link = await within(detail).findByRole("button", { name: /tools\/call #4/ });
    fireEvent.click(link);
    expect(onOpenSeq).toHaveBeenCalledWith(7);
    expect(within(detail).queryByRole("button", { name: /response #4/ })).toBeNull();
    expect(within(detail).getByText(/response #4/)).toBeTruthy();
  });

  it("says a stdio connection has no HTTP and offers the Traffic view", async () => {
    const onOpenTraffic = vi.fn();
    const router = fetchRouter({});
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<Selecting connection={connectionFixture()} onOpenSeq={() => undefined} onOpenTraffic={onOpenTraffic} />);
    expect(screen.getByTestId("network-stdio")?.textContent).toContain("no HTTP exchange");
    fireEvent.click(screen.getByRole("button", { name: "Open Traffic" }));
    expect(onOpenTraffic).toHaveBeenCalled();
    await waitFor(() => expect(router.requests).toHaveLength(0));
  });
});
