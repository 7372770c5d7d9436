// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { capturedXrayGraph, EntryLog, loadWire } from "@/lib/protocols/langgraph/test-support";
import { runPath } from "@/lib/protocols/langgraph/run-path";
import { LgGraphView } from "./lg-graph-view";

afterEach(cleanup);

describe("LgGraphView", () => {
  const graph = capturedXrayGraph();
  const log = new EntryLog();
  log.events("r1", loadWire("tool-interrupt"));
  const { visited, paused } = runPath(log.entries);

  it("draws every node, the subgraph's cluster and the edges, conditional ones dashed", () => {
    render(<LgGraphView graph={graph} />);
    for (const n of graph.nodes) expect(screen.getByTestId(`lg-graph-node-${n.id}`)).toBeTruthy();
    expect(screen.getByTestId("lg-graph-cluster-review").textContent).toBe("review");
    expect(screen.getByTestId("lg-graph-edge-agent-tools").dataset.conditional).toBe("true");
    expect(screen.getByTestId("lg-graph-edge-tools-agent").dataset.conditional).toBeUndefined();
    expect(screen.getByTestId("lg-graph-node-__start__").textContent).toBe("start");
  });

  it("lights the run's path and marks where it paused", () => {
    render(<LgGraphView graph={graph} visited={visited} paused={paused} />);
    expect(screen.getByTestId("lg-graph-node-agent").dataset.visited).toBe("true");
    expect(screen.getByTestId("lg-graph-node-review:finish").dataset.visited).toBeUndefined();
    const ask = screen.getByTestId("lg-graph-node-review:ask");
    expect(ask.dataset.paused).toBe("true");
    expect(ask.textContent).toContain("paused");
    expect(screen.getByTestId("lg-graph-edge-agent-review:ask").dataset.lit).toBe("true");
    expect(screen.getByTestId("lg-graph-edge-review:ask-review:finish").dataset.lit).toBeUndefined();
  });

  it("makes nodes keyboard buttons when clicks are wanted", () => {
    const onNodeClick = vi.fn();
    render(<LgGraphView graph={graph} onNodeClick={onNodeClick} />);
    const tools = screen.getByTestId("lg-graph-node-tools");
    expect(tools.getAttribute("tabindex")).toBe("0");
    fireEvent.keyDown(tools, { key: "Enter" });
    fireEvent.click(screen.getByTestId("lg-graph-node-agent"));
    expect(onNodeClick.mock.calls).toEqual([["tools"], ["agent"]]);
  });

  it("is not focusable without a click handler, and zooms", () => {
    render(<LgGraphView graph={graph} />);
    expect(screen.getByTestId("lg-graph-node-tools").getAttribute("tabindex")).toBeNull();
    const svg = screen.getByRole("img");
    const before = Number(svg.getAttribute("width"));
    fireEvent.click(screen.getByLabelText("Zoom in"));
    expect(Number(svg.getAttribute("width"))).toBeGreaterThan(before);
  });
});
