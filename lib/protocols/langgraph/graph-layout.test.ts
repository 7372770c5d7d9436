import { describe, expect, it } from "vitest";
import type { LgGraph, LgGraphNode } from "@/lib/contracts/langgraph";
import { layoutLgGraph, type LgLayoutNode } from "./graph-layout";
import { capturedXrayGraph } from "./test-support";

const node = (id: string, type = "runnable", parents: string[] = []): LgGraphNode => ({
  id,
  type,
  name: id.split(":").at(-1) ?? id,
  parents,
  raw: null,
});

/** The demo graph as the dev server drew it, with a label put on one conditional edge. */
const XRAY: LgGraph = (() => {
  const g = capturedXrayGraph();
  return { ...g, edges: g.edges.map((e) => (e.source === "agent" && e.target === "tools" ? { ...e, label: "tools" } : e)) };
})();

const overlap = (a: LgLayoutNode, b: LgLayoutNode) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

describe("layoutLgGraph", () => {
  const layout = layoutLgGraph(XRAY);

  it("places every node, none overlapping, inside the drawing", () => {
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(XRAY.nodes.map((n) => n.id).sort());
    for (const n of layout.nodes) {
      expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
      expect(n.x - n.width / 2).toBeGreaterThanOrEqual(0);
      expect(n.y + n.height / 2).toBeLessThanOrEqual(layout.height);
    }
    for (const a of layout.nodes) for (const b of layout.nodes) if (a !== b) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
  });

  it("draws start and end as pills, start above end", () => {
    const start = layout.nodes.find((n) => n.id === "__start__")!;
    const end = layout.nodes.find((n) => n.id === "__end__")!;
    expect([start.shape, start.label, end.shape, end.label]).toEqual(["terminal", "start", "terminal", "end"]);
    expect(start.y).toBeLessThan(end.y);
  });

  it("boxes the subgraph's nodes in a cluster named after it, and keeps other nodes out", () => {
    expect(layout.clusters).toHaveLength(1);
    const c = layout.clusters[0]!;
    expect(c).toMatchObject({ id: "review", label: "review", depth: 0 });
    const inside = (n: LgLayoutNode) =>
      n.x - n.width / 2 >= c.x - c.width / 2 &&
      n.x + n.width / 2 <= c.x + c.width / 2 &&
      n.y - n.height / 2 >= c.y - c.height / 2 &&
      n.y + n.height / 2 <= c.y + c.height / 2;
    for (const n of layout.nodes) expect(inside(n), n.id).toBe(n.cluster === "review");
    expect(layout.nodes.find((n) => n.id === "review:ask")!.label).toBe("ask");
  });

  it("routes every edge, conditional ones keeping their label", () => {
    expect(layout.edges).toHaveLength(XRAY.edges.length);
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    const labelled = layout.edges.find((e) => e.label === "tools")!;
    expect(labelled.conditional).toBe(true);
    expect(labelled.labelAt).not.toBeNull();
  });

  it("nests clusters, reads parents from an xray id, and draws an edge to an unlisted node", () => {
    const g: LgGraph = {
      assistantId: "a",
      xray: true,
      nodes: [node("__start__", "schema"), { ...node("outer:inner:leaf"), parents: [] }, node("outer:top", "runnable", ["outer"])],
      edges: [
        { source: "__start__", target: "outer:top", conditional: false },
        { source: "outer:top", target: "outer:inner:leaf", conditional: false },
        { source: "outer:inner:leaf", target: "ghost", conditional: true, label: "maybe" },
      ],
    };
    const l = layoutLgGraph(g);
    expect(l.clusters.map((c) => [c.id, c.depth]).sort()).toEqual([
      ["outer", 0],
      ["outer:inner", 1],
    ]);
    expect(l.nodes.find((n) => n.id === "ghost")).toBeDefined();
    expect(l.nodes.find((n) => n.id === "outer:inner:leaf")!.cluster).toBe("outer:inner");
  });
});
