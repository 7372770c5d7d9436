// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { BundleUnitRef } from "@/lib/contracts/bundle";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import { wireEntries } from "@/lib/protocols/mcp/test-fixtures";
import { fetchRouter } from "@/components/mcp/workbench/test-support";
import { downloadText } from "@/lib/tool-result/download";
import { rowSeqs } from "./row-selection";
import { fromLocalInput, toLocalInput } from "./traffic-export";
import { TrafficTimeline } from "./traffic-timeline";

vi.mock("@/lib/tool-result/download", () => ({ downloadText: vi.fn() }));

// The virtual list needs a size to render a window (see traffic-timeline.test.tsx): 2000 px shows every row.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(downloadText).mockClear();
});

// Recorded times as Loupe stores them (integer epoch ms), the capture's offsets kept.
const entries = wireEntries("stdio", "c1").map((e) => ({ ...e, receivedAt: 1_763_900_000_000 + Math.round(e.receivedAt) }));
const rows = pairTraffic(entries);

/** Stubs fetch: POST /api/bundles/export answers a bundle; returns the refs asked for. */
function exportRoute(): BundleUnitRef[] {
  const asked: BundleUnitRef[] = [];
  const router = fetchRouter({
    "POST /api/bundles/export": (req) => {
      asked.push(req.body as BundleUnitRef);
      return { title: "MCP traffic · everything" };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  return asked;
}

const settle = () => act(() => void fireEvent.scroll(screen.getByTestId("traffic-scroll")));
const renderLive = () => {
  render(<TrafficTimeline entries={entries} exportConnectionId="c1" />);
  settle();
  fireEvent.click(screen.getByTestId("traffic-export"));
};

describe("traffic Export menu", () => {
  it("All traffic exports the connection's whole traffic and saves the file", async () => {
    const asked = exportRoute();
    renderLive();
    fireEvent.click(screen.getByTestId("traffic-export-all"));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([{ type: "mcp-traffic", connectionId: "c1", scope: { kind: "all" } }]);
    expect(vi.mocked(downloadText).mock.calls[0]![1]).toBe("MCP-traffic-everything.loupe.json");
  });

  it("Time range… starts at the first and last entry times, exports [from, to], and refuses from after to", async () => {
    const asked = exportRoute();
    renderLive();
    fireEvent.click(screen.getByTestId("traffic-export-range"));
    const from = screen.getByTestId<HTMLInputElement>("traffic-export-from");
    const to = screen.getByTestId<HTMLInputElement>("traffic-export-to");
    expect(from.value).toBe(toLocalInput(entries[0]!.receivedAt));
    expect(to.value).toBe(toLocalInput(entries.at(-1)!.receivedAt));
    fireEvent.click(screen.getByTestId("traffic-export-range-go"));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({
      type: "mcp-traffic",
      connectionId: "c1",
      scope: { kind: "range", from: entries[0]!.receivedAt, to: entries.at(-1)!.receivedAt },
    });
    fireEvent.change(from, { target: { value: toLocalInput(entries.at(-1)!.receivedAt + 1) } });
    expect(screen.getByTestId("traffic-export-range-error").textContent).toContain("after");
    expect(screen.getByTestId<HTMLButtonElement>("traffic-export-range-go").disabled).toBe(true);
  });

  it("Selected rows: checkboxes, shift-click for a range, 'n selected', and the export of exactly those entries", async () => {
    const asked = exportRoute();
    renderLive();
    fireEvent.click(screen.getByTestId("traffic-export-select"));
    expect(screen.getByTestId("traffic-selected-count").textContent).toBe("0 selected");
    expect(screen.getByTestId<HTMLButtonElement>("traffic-export-selected").disabled).toBe(true);
    const checks = screen.getAllByTestId("traffic-row-check");
    fireEvent.click(checks[1]!);
    fireEvent.click(checks[4]!, { shiftKey: true });
    // A click on the row itself checks it too (and opens no detail while selecting).
    fireEvent.click(screen.getAllByTestId("traffic-row")[8]!);
    expect(screen.queryByTestId("traffic-detail")).toBeNull();
    const picked = [rows[1]!, rows[2]!, rows[3]!, rows[4]!, rows[8]!];
    const seqs = picked.flatMap(rowSeqs).sort((a, b) => a - b);
    expect(screen.getByTestId("traffic-selected-count").textContent).toBe(`5 selected (${seqs.length} entries)`);
    // Requests carry their responses: more entries than rows.
    expect(seqs.length).toBeGreaterThan(5);
    fireEvent.click(screen.getByTestId("traffic-export-selected"));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ type: "mcp-traffic", connectionId: "c1", scope: { kind: "selection", seqs } });
    // Unchecking one row takes it out; Done leaves selection mode and clears it.
    fireEvent.click(checks[8]!);
    expect(screen.getByTestId("traffic-selected-count").textContent).toMatch(/^4 selected/);
    fireEvent.click(screen.getByTestId("traffic-select-cancel"));
    expect(screen.queryByTestId("traffic-selection-bar")).toBeNull();
    expect(screen.queryAllByTestId("traffic-row-check")).toHaveLength(0);
  });

  it("a timeline without a connection to export (an imported bundle) offers no Export", () => {
    render(<TrafficTimeline entries={entries} />);
    expect(screen.queryByTestId("traffic-export")).toBeNull();
  });

  it("datetime-local values round-trip to the millisecond", () => {
    const at = entries[3]!.receivedAt;
    expect(fromLocalInput(toLocalInput(at))).toBe(at);
    expect(fromLocalInput("")).toBeNull();
  });
});
