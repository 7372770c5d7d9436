// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Entry } from "@/lib/contracts/entries";
import { entry, wireEntries } from "@/lib/protocols/mcp/test-fixtures";
import { LogLevelControl } from "./log-level-control";
import { TrafficTimeline } from "./traffic-timeline";

// happy-dom lays nothing out: give the scroll element a size and a scroll height (its content's
// height) so the virtualizer renders a window. happy-dom's scroll() fires no "scroll" event, which a
// browser does after every scroll write, so tests fire it (settle()).
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      const content = this.firstElementChild as HTMLElement | null;
      return Math.max(300, content ? parseFloat(content.style.height) || 0 : 0);
    },
  });
});
afterEach(cleanup);

const rowsShown = () => screen.queryAllByTestId("traffic-row");
const count = () => screen.getByTestId("traffic-count").textContent;
const settle = () => act(() => void fireEvent.scroll(screen.getByTestId("traffic-scroll")));

describe("TrafficTimeline", () => {
  it("renders the stdio capture virtualized, scrolled to the newest row", () => {
    render(<TrafficTimeline entries={wireEntries("stdio")} />);
    settle();
    expect(screen.getByTestId("traffic-timeline")).toBeTruthy();
    expect(count()).toBe("51 rows");
    // 51 rows × 28 px in a 300 px viewport: scrolled to the end.
    expect(screen.getByTestId("traffic-scroll").scrollTop).toBe(51 * 28 - 300);
    const shown = rowsShown();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(51);
    expect(shown[0]?.getAttribute("data-method")).not.toBe("initialize");
    expect(shown.at(-1)?.getAttribute("data-method")).toBe("tools/call");
    expect(shown.at(-1)?.textContent).toContain("toggle-subscriber-updates");
  });

  it("follows new rows only while scrolled to the bottom", () => {
    const all = wireEntries("stdio");
    const { rerender } = render(<TrafficTimeline entries={all.slice(0, 60)} />);
    settle();
    const scroller = screen.getByTestId("traffic-scroll");
    rerender(<TrafficTimeline entries={all} />);
    settle();
    expect(scroller.scrollTop).toBe(51 * 28 - 300);
    expect(rowsShown().at(-1)?.textContent).toContain("toggle-subscriber-updates");
    // The user scrolls up: new traffic must not move the view.
    scroller.scrollTop = 0;
    settle();
    const extra = entry({ seq: 100, direction: "out", raw: { jsonrpc: "2.0", id: 99, method: "ping" } });
    rerender(<TrafficTimeline entries={[...all, extra]} />);
    settle();
    expect(scroller.scrollTop).toBe(0);
    expect(rowsShown()[0]?.getAttribute("data-method")).toBe("initialize");
    expect(count()).toBe("52 rows");
  });

  it("filters by method, searches the raw JSON and hides logs", () => {
    render(<TrafficTimeline entries={wireEntries("stdio")} />);
    const select = screen.getByTestId<HTMLSelectElement>("traffic-filter-method");
    expect([...select.options].map((o) => o.value)).toContain("notifications/progress");
    fireEvent.change(select, { target: { value: "tools/call" } });
    expect(count()).toBe("14 of 51 rows");
    expect(rowsShown().every((r) => r.getAttribute("data-method") === "tools/call")).toBe(true);
    expect(rowsShown().filter((r) => r.getAttribute("data-state") === "cancelled")).toHaveLength(1);

    fireEvent.change(select, { target: { value: "all" } });
    fireEvent.change(screen.getByTestId("traffic-search"), { target: { value: "GET-STRUCTURED" } });
    // The tools/call itself and the tools/list whose response lists the tool.
    expect(rowsShown().map((r) => r.getAttribute("data-method"))).toEqual(["tools/list", "tools/call"]);

    fireEvent.change(screen.getByTestId("traffic-search"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("traffic-toggle-showLogs"));
    expect(count()).toBe("47 of 51 rows");
    fireEvent.click(screen.getByTestId("traffic-toggle-showNotifications"));
    expect(count()).toBe("29 of 51 rows");
  });

  it("opens a row's raw request and response and copies it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    render(<TrafficTimeline entries={wireEntries("stdio")} />);
    fireEvent.change(screen.getByTestId("traffic-filter-method"), { target: { value: "tools/call" } });
    const echo = rowsShown().find((r) => r.textContent?.includes("echo"));
    expect(echo?.textContent).toContain("#5");
    expect(echo?.textContent).toContain("2.6 ms");
    fireEvent.click(echo!);
    const detail = screen.getByTestId("traffic-detail");
    const [request, response] = within(detail).getAllByTestId("traffic-json");
    expect(request?.textContent).toContain('"name": "echo"');
    expect(response?.textContent).toContain("Echo: hello from mcp-probe");
    await act(async () => fireEvent.click(within(request!).getByRole("button", { name: "Copy Request" })));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"method": "tools/call"'));
    fireEvent.click(within(detail).getByRole("button", { name: "Close detail" }));
    expect(screen.queryByTestId("traffic-detail")).toBeNull();
  });

  it("shows logs, stderr and unrecognized frames as such, and loads a truncated message", async () => {
    const full = { jsonrpc: "2.0", id: 1, result: { contents: [{ uri: "demo://big", text: "x".repeat(200) }] } };
    const entries: Entry[] = [
      entry({ seq: 1, direction: "out", raw: { jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "demo://big" } } }),
      entry({ seq: 2, raw: JSON.stringify(full).slice(0, 60), truncated: true, rawBytes: 70_000 }),
      entry({ seq: 3, kind: "stderr", raw: { line: "server booting" } }),
      entry({ seq: 4, raw: { jsonrpc: "2.0", method: "notifications/message", params: { level: "error", logger: "db", data: "down" } } }),
      entry({ seq: 5, raw: "not json-rpc at all" }),
    ];
    const onLoadFull = vi.fn(async (seq: number) => ({ ...entries[1]!, seq, raw: full, truncated: false }));
    render(<TrafficTimeline entries={entries} onLoadFull={onLoadFull} />);
    const [read, stderr, log, bad] = rowsShown();
    expect(read?.getAttribute("data-state")).toBe("ok");
    expect(stderr?.textContent).toContain("stderr");
    expect(stderr?.textContent).toContain("server booting");
    expect(log?.textContent).toContain("error · db");
    expect(bad?.getAttribute("data-state")).toBe("unrecognized");
    expect(bad?.textContent).toContain("unrecognized");
    expect(bad?.textContent).toContain("not json-rpc at all");

    fireEvent.click(read!);
    const detail = screen.getByTestId("traffic-detail");
    expect(detail.textContent).toContain("Preview of a 68 KB message.");
    await act(async () => fireEvent.click(within(detail).getByRole("button", { name: "Load full message" })));
    expect(onLoadFull).toHaveBeenCalledWith(2);
    expect(detail.textContent).toContain('"uri": "demo://big"');
    expect(within(detail).queryByRole("button", { name: "Load full message" })).toBeNull();
  });
});

describe("LogLevelControl", () => {
  it("offers the eight MCP levels and reports the choice", () => {
    const onChange = vi.fn();
    render(<LogLevelControl level="info" onChange={onChange} />);
    const select = screen.getByTestId<HTMLSelectElement>("log-level-control");
    expect([...select.options].filter((o) => !o.disabled).map((o) => o.value)).toEqual([
      "debug",
      "info",
      "notice",
      "warning",
      "error",
      "critical",
      "alert",
      "emergency",
    ]);
    expect(select.value).toBe("info");
    fireEvent.change(select, { target: { value: "warning" } });
    expect(onChange).toHaveBeenCalledWith("warning");
  });
});
