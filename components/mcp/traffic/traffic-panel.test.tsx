// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { entry } from "@/lib/protocols/mcp/test-fixtures";
import { TRAFFIC_PAGE } from "@/lib/queries/traffic";
import { TrafficPanel } from "@/components/mcp/traffic/traffic-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

// happy-dom lays nothing out: a size for the virtualized list so it renders a window.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Requests with ids: `ping` #seq out, its answer in right after (seq+1). */
function history(from: number, to: number): Entry[] {
  const out: Entry[] = [];
  for (let seq = from; seq <= to; seq += 2) {
    out.push(entry({ seq, connectionId: "everything", direction: "out", raw: { jsonrpc: "2.0", id: seq, method: "ping" } }));
    out.push(entry({ seq: seq + 1, connectionId: "everything", direction: "in", raw: { jsonrpc: "2.0", id: seq, result: {} } }));
  }
  return out;
}

describe("TrafficPanel", () => {
  it("a row older than the loaded page (?seq= after a reload) is fetched and opened", async () => {
    // Three pages on the server: 1–500, 501–1000, 1001–1500; the panel first loads the newest.
    const all = history(1, 3 * TRAFFIC_PAGE - 1);
    const router = fetchRouter({
      "GET /api/connections/everything/traffic": (req) => {
        const before = Number(new URL(req.path, "http://x").searchParams.get("before") ?? Infinity);
        return all.filter((e) => e.seq < before).slice(-TRAFFIC_PAGE);
      },
    });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TrafficPanel connection={connectionFixture()} selectedSeq={41} onSelectSeq={() => {}} />);
    const detail = await screen.findByTestId("traffic-detail", {}, { timeout: 5000 });
    expect(detail.textContent).toContain("#41");
    // Two older pages were needed, and no more.
    await waitFor(() => expect(router.requests.filter((r) => r.path.includes("before="))).toHaveLength(2));
  });

  it("a row that is loaded opens without fetching more", async () => {
    const all = history(1, 99);
    const router = fetchRouter({ "GET /api/connections/everything/traffic": () => all });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<TrafficPanel connection={connectionFixture()} selectedSeq={41} onSelectSeq={() => {}} />);
    expect((await screen.findByTestId("traffic-detail")).textContent).toContain("#41");
    expect(router.requests.filter((r) => r.path.includes("before="))).toHaveLength(0);
  });

  it("says what its two counts count: entries loaded in the header, the rows they pair into in the toolbar", async () => {
    // 50 pings, each a request and its response: 100 entries, 50 rows.
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/everything/traffic": () => history(1, 99) }).fetch);
    renderWithClient(<TrafficPanel connection={connectionFixture()} />);
    const count = (await screen.findByTestId("traffic-count")).parentElement!;
    expect(screen.getByTestId("traffic-panel").textContent).toContain("100 entries loaded");
    expect(count.textContent).toBe("50 rows from 100 entries");
    expect(count.title).toContain("A request and its response are one row");
  });
});
