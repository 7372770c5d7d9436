// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { entry } from "@/lib/protocols/mcp/test-fixtures";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import type { ListedExchange } from "@/lib/queries/network";
import { TrafficDetail } from "./traffic-detail";
import { WireContext } from "./wire-context";

afterEach(cleanup);

// A 2026-07-28 tools/list: the request's _meta carries the era, the result its type and cache hints.
const request = entry({
  seq: 1,
  connectionId: "web",
  direction: "out",
  receivedAt: 1000,
  raw: {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/list",
    params: {
      _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } },
    },
  },
});
const response = entry({
  seq: 2,
  connectionId: "web",
  direction: "in",
  receivedAt: 1012,
  raw: { jsonrpc: "2.0", id: 3, result: { tools: [], resultType: "complete", ttlMs: 300000, cacheScope: "public" } },
});
const post: ListedExchange = {
  seq: 5,
  id: "p",
  state: "done",
  method: "POST",
  url: "http://127.0.0.1:7181/mcp",
  status: 200,
  requestHeaders: {
    "mcp-method": "tools/list",
    "mcp-protocol-version": "2026-07-28",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  },
  responseHeaders: { "content-type": "application/json" },
  startedAt: 1001,
  headersMs: 9,
  durationMs: 10,
  requestBytes: 100,
  responseBytes: 80,
  messages: [
    { dir: "out", id: 3, method: "tools/list" },
    { dir: "in", id: 3, response: true },
  ],
};

describe("the traffic detail shows the wire", () => {
  it("names the exchange and routing headers that carried a call, its _meta, resultType and cache hints", () => {
    const row = pairTraffic([request, response])[0]!;
    const onOpenNetwork = vi.fn();
    render(
      <WireContext.Provider value={{ exchanges: [post], onOpenNetwork }}>
        <TrafficDetail row={row} onClose={() => undefined} />
      </WireContext.Provider>,
    );
    const wire = screen.getByTestId("wire-details");
    const carriers = within(wire).getAllByTestId("wire-carrier");
    // The request and its answer travelled in one POST: shown once.
    expect(carriers).toHaveLength(1);
    expect(wire.textContent).toContain("Sent and answered in");
    const headers = within(carriers[0]!).getByTestId("wire-headers").textContent;
    expect(headers).toContain("mcp-methodtools/list");
    expect(headers).toContain("mcp-protocol-version2026-07-28");
    expect(headers).not.toContain("accept");
    const meta = within(wire).getAllByTestId("wire-meta");
    expect(meta[0]?.textContent).toContain("Protocol version2026-07-28");
    expect(meta[0]?.textContent).toContain("Client capabilities");
    const result = within(wire).getByTestId("wire-result").textContent;
    expect(result).toContain("resultTypecomplete");
    expect(result).toContain("Cache TTL (ttlMs)5 min");
    expect(result).toContain("Cache scopepublic");
    fireEvent.click(within(carriers[0]!).getByRole("button", { name: "Network" }));
    expect(onOpenNetwork).toHaveBeenCalledWith("p");
  });

  it("shows _meta and hints without HTTP on a connection that has none (stdio)", () => {
    render(<TrafficDetail row={pairTraffic([request, response])[0]!} onClose={() => undefined} />);
    const wire = screen.getByTestId("wire-details");
    expect(within(wire).queryByTestId("wire-carrier")).toBeNull();
    expect(within(wire).getByTestId("wire-result").textContent).toContain("complete");
  });
});
