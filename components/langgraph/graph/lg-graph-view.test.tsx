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
  const { visited, edges, paused } = runPath(log.entries);

  it("draws every node, the subgraph's cluster and the edges, conditional ones dashed", () => {
    render(<LgGraphView graph={graph} />);
    for (const n of graph.nodes) expect(screen.getByTestId(`lg-graph-node-${n.id}`)).toBeTruthy();
    expect(screen.getByTestId("lg-graph-cluster-review").textContent).toBe("review");
    expect(screen.getByTestId("lg-graph-edge-agent-tools").dataset.conditional).toBe("true");
    expect(screen.getByTestId("lg-graph-edge-tools-agent").dataset.conditional).toBeUndefined();
    expect(screen.getByTestId("lg-graph-node-__start__").textContent).toBe("start");
  });

  it("lights the run's path and marks where it paused", () => {
    render(<LgGraphView graph={graph} visited={visited} edges={edges} paused={paused} />);
    expect(screen.getByTestId("lg-graph-node-agent").dataset.visited).toBe("true");
    expect(screen.getByTestId("lg-graph-node-review:finish").dataset.visited).toBeUndefined();
    const ask = screen.getByTestId("lg-graph-node-review:ask");
    expect(ask.dataset.paused).toBe("true");
    expect(ask.textContent).toContain("paused");
    expect(screen.getByTestId("lg-graph-edge-agent-review:ask").dataset.lit).toBe("true");
    expect(screen.getByTestId("lg-graph-edge-review:ask-review:finish").dataset.lit).toBeUndefined();
  });

  it("lights only the edges the run took, not every edge between two visited nodes", () => {
    // model → tools → model → end: tools and the end are both visited, but tools never led to the end.
    const taken = [
      { source: "__start__", target: "agent" },
      { source: "agent", target: "tools" },
      { source: "tools", target: "agent" },
      { source: "agent", target: "__end__" },
    ];
    const ring = {
      ...graph,
      nodes: graph.nodes.filter((n) => !n.id.startsWith("review")),
      edges: [
        ...graph.edges.filter((e) => !e.source.startsWith("review") && !e.target.startsWith("review")),
        { source: "tools", target: "__end__", conditional: true },
        { source: "agent", target: "__end__", conditional: true },
      ],
    };
    render(<LgGraphView graph={ring} visited={["__start__", "agent", "tools", "__end__"]} edges={taken} />);
    for (const e of taken) expect(screen.getByTestId(`lg-graph-edge-${e.source}-${e.target}`).dataset.lit).toBe("true");
    expect(screen.getByTestId("lg-graph-node-tools").dataset.visited).toBe("true");
    expect(screen.getByTestId("lg-graph-edge-tools-__end__").dataset.lit).toBeUndefined();
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
