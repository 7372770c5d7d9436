/**
 * Lays out an assistant's graph (LgGraph, lib/contracts/langgraph.ts) with dagre, top to bottom.
 * Subgraph nodes (xray ids `parent:child`) sit in a cluster box per subgraph, using dagre's compound
 * graphs. Pure: no DOM; sizes come from the labels' lengths, so the result is the same everywhere.
 */
import { graphlib, layout, type EdgeLabel, type GraphLabel, type NodeLabel } from "@dagrejs/dagre";
import type { LgGraph, LgGraphNode } from "@/lib/contracts/langgraph";

export interface LgPoint {
  x: number;
  y: number;
}

export interface LgLayoutNode {
  id: string;
  /** What the box says (the node's own name; "start" / "end" for the schema nodes). */
  label: string;
  shape: "terminal" | "box";
  /** Centre and size. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The cluster it sits in (its innermost subgraph), or null. */
  cluster: string | null;
}

export interface LgLayoutEdge {
  key: string;
  source: string;
  target: string;
  conditional: boolean;
  label: string | null;
  points: LgPoint[];
  /** Where the label goes (dagre reserves the room), when there is one. */
  labelAt: LgPoint | null;
}

export interface LgLayoutCluster {
  /** The subgraph's path (`review`, `review:inner`). */
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
}

export interface LgGraphLayout {
  width: number;
  height: number;
  nodes: LgLayoutNode[];
  edges: LgLayoutEdge[];
  clusters: LgLayoutCluster[];
}

const CHAR = 7;
const TERMINALS: Record<string, string> = { __start__: "start", __end__: "end" };
const clusterKey = (path: string) => `cluster:${path}`;

/** A node's subgraphs, outermost first: the server's `parents`, else read from an xray id. */
function parentsOf(node: Pick<LgGraphNode, "id" | "parents">): string[] {
  if (node.parents.length > 0) return node.parents;
  const parts = node.id.split(":");
  return parts.slice(0, -1);
}

/** Cluster paths of a node: `["review", "review:inner"]` for parents `["review", "inner"]`. */
function clusterPaths(parents: readonly string[]): string[] {
  return parents.map((_, i) => parents.slice(0, i + 1).join(":"));
}

function labelOf(node: LgGraphNode): string {
  return TERMINALS[node.id] ?? (node.name || node.id.split(":").at(-1) || node.id);
}

export function layoutLgGraph(graph: LgGraph): LgGraphLayout {
  const g = new graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ compound: true, multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 44, edgesep: 12, marginx: 12, marginy: 12 });

  const nodes = new Map<string, LgGraphNode>(graph.nodes.map((n) => [n.id, n]));
  // An edge to a node the server did not list still gets drawn (as a plain box).
  for (const e of graph.edges) {
    for (const id of [e.source, e.target])
      if (!nodes.has(id)) nodes.set(id, { id, type: "unknown", name: id.split(":").at(-1) ?? id, parents: [], raw: null });
  }

  const clusters = new Map<string, { label: string; depth: number }>();
  for (const node of nodes.values()) {
    const label = labelOf(node);
    const terminal = node.id in TERMINALS;
    g.setNode(
      node.id,
      terminal
        ? { width: Math.max(56, label.length * CHAR + 24), height: 24 }
        : { width: Math.max(72, label.length * CHAR + 28), height: 34 },
    );
    const paths = clusterPaths(parentsOf(node));
    paths.forEach((path, i) => {
      if (!clusters.has(path)) {
        clusters.set(path, { label: path.split(":").at(-1) ?? path, depth: i });
        g.setNode(clusterKey(path), { width: 0, height: 0, label: path, paddingTop: 22 });
        if (i > 0) g.setParent(clusterKey(path), clusterKey(paths[i - 1] ?? path));
      }
    });
    const inner = paths.at(-1);
    if (inner) g.setParent(node.id, clusterKey(inner));
  }

  graph.edges.forEach((e, i) => {
    const label = e.label ?? null;
    g.setEdge(e.source, e.target, label ? { width: label.length * 6 + 8, height: 14, labelpos: "c" } : {}, `e${i}`);
  });

  layout(g);

  const out: LgGraphLayout = { width: g.graph().width ?? 0, height: g.graph().height ?? 0, nodes: [], edges: [], clusters: [] };
  for (const node of nodes.values()) {
    const at = g.node(node.id);
    const paths = clusterPaths(parentsOf(node));
    out.nodes.push({
      id: node.id,
      label: labelOf(node),
      shape: node.id in TERMINALS ? "terminal" : "box",
      x: at.x ?? 0,
      y: at.y ?? 0,
      width: at.width,
      height: at.height,
      cluster: paths.at(-1) ?? null,
    });
  }
  for (const [id, c] of clusters) {
    const at = g.node(clusterKey(id));
    out.clusters.push({ id, label: c.label, depth: c.depth, x: at.x ?? 0, y: at.y ?? 0, width: at.width, height: at.height });
  }
  graph.edges.forEach((e, i) => {
    const at = g.edge({ v: e.source, w: e.target, name: `e${i}` });
    const label = e.label ?? null;
    out.edges.push({
      key: `${e.source}->${e.target}#${i}`,
      source: e.source,
      target: e.target,
      conditional: e.conditional,
      label,
      points: at.points ?? [],
      labelAt: label && at.x !== undefined && at.y !== undefined ? { x: at.x, y: at.y } : null,
    });
  });
  return out;
}
