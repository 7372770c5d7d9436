"use client";

import { useId, useMemo, useState } from "react";
import { MinusIcon, PlusIcon } from "lucide-react";
import type { LgGraph } from "@/lib/contracts/langgraph";
import { layoutLgGraph } from "@/lib/protocols/langgraph/graph-layout";
import type { LgPathEdge } from "@/lib/protocols/langgraph/run-path";
import { Button } from "@/components/ui/button";
import { GraphCluster, GraphEdge, GraphNode } from "./graph-parts";

export interface LgGraphViewProps {
  /** The assistant's graph (with xray, subgraph nodes are `parent:child`). */
  graph: LgGraph;
  /** Nodes a run went through (runPath): lit. */
  visited?: string[];
  /** Edges the run took (runPath): lit. An edge between two visited nodes it did not take stays unlit. */
  edges?: readonly LgPathEdge[];
  /** Nodes where it paused: an amber ring and "paused". */
  paused?: string[];
  /** Makes nodes buttons (focusable, Enter / Space). */
  onNodeClick?: (id: string) => void;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const EMPTY: string[] = [];
const NO_EDGES: readonly LgPathEdge[] = [];
const edgeId = (source: string, target: string) => `${source}\u0000${target}`;

/** The graph laid out by dagre and drawn as SVG, scrollable, with zoom steps. */
export function LgGraphView({ graph, visited = EMPTY, edges = NO_EDGES, paused = EMPTY, onNodeClick }: LgGraphViewProps) {
  const layout = useMemo(() => layoutLgGraph(graph), [graph]);
  const lit = useMemo(() => new Set(visited), [visited]);
  const taken = useMemo(() => new Set(edges.map((e) => edgeId(e.source, e.target))), [edges]);
  const stopped = useMemo(() => new Set(paused), [paused]);
  const [zoom, setZoom] = useState(2);
  const scale = ZOOMS[zoom] ?? 1;
  const marker = `lg-arrow-${useId().replace(/:/g, "")}`;
  if (layout.nodes.length === 0)
    return (
      <p className="p-3 text-xs text-muted-foreground" data-testid="lg-graph-empty">
        The server sent an empty graph.
      </p>
    );
  // Room for the "paused" label beside a node on the right edge.
  const width = layout.width + 48;
  const height = layout.height + 8;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="lg-graph">
      <div className="flex items-center gap-1 border-b px-2 py-1 text-[11px] text-muted-foreground">
        <Button size="xs" variant="ghost" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
          <MinusIcon />
        </Button>
        <span className="w-10 text-center tabular-nums">{Math.round(scale * 100)}%</span>
        <Button
          size="xs"
          variant="ghost"
          aria-label="Zoom in"
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
        >
          <PlusIcon />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-2">
        <svg
          role="img"
          aria-label={`Graph of assistant ${graph.assistantId}`}
          width={width * scale}
          height={height * scale}
          viewBox={`0 -8 ${width} ${height + 8}`}
          className="mx-auto block"
        >
          <defs>
            {[false, true].map((on) => (
              <marker
                key={String(on)}
                id={`${marker}${on ? "-lit" : ""}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" className={on ? "fill-primary" : "fill-muted-foreground/60"} />
              </marker>
            ))}
          </defs>
          {[...layout.clusters]
            .sort((a, b) => a.depth - b.depth)
            .map((c) => (
              <GraphCluster key={c.id} cluster={c} />
            ))}
          {layout.edges.map((e) => (
            <GraphEdge key={e.key} edge={e} lit={taken.has(edgeId(e.source, e.target))} markerId={marker} />
          ))}
          {layout.nodes.map((n) => (
            <GraphNode key={n.id} node={n} visited={lit.has(n.id)} paused={stopped.has(n.id)} onClick={onNodeClick} />
          ))}
        </svg>
      </div>
    </div>
  );
}
