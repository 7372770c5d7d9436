// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { ListedExchange } from "@/lib/queries/network";
import { ExchangeList } from "@/components/mcp/network/exchange-list";

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 500 });
});
afterEach(cleanup);

const stream = {
  seq: 3,
  id: "s1",
  state: "aborted",
  method: "POST",
  url: "http://127.0.0.1:7181/mcp",
  status: 200,
  requestHeaders: { "mcp-method": "subscriptions/listen" },
  responseHeaders: {},
  startedAt: 1_000,
  durationMs: 408_000,
  requestBytes: 90,
  responseBytes: 723,
  messages: [],
  stream: { events: 2 },
} as unknown as ListedExchange;

describe("ExchangeList", () => {
  it("keeps a stream's minutes-long duration on one line, whole, and names a cut purpose on hover", () => {
    render(<ExchangeList exchanges={[stream]} selectedId={null} onSelect={() => {}} />);
    const duration = screen.getByTestId("network-duration");
    expect(duration.textContent).toBe("6 min 48 s");
    // A fixed w-16 column clipped it to "6" at 800 px; nowrap + min width lets it grow instead.
    expect(duration.className).toContain("whitespace-nowrap");
    expect(duration.className.split(/\s+/)).not.toContain("w-16");
    expect(screen.getByTestId("network-purpose").getAttribute("title")).toBe("subscriptions/listen");
  });
});
