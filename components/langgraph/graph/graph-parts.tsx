"use client";

import type { KeyboardEvent } from "react";
import type { LgLayoutCluster, LgLayoutEdge, LgLayoutNode } from "@/lib/protocols/langgraph/graph-layout";
import { cn } from "@/lib/cn";

const path = (points: LgLayoutEdge["points"]) => points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x},${p.y}`).join(" ");

export function GraphEdge({ edge, lit, markerId }: { edge: LgLayoutEdge; lit: boolean; markerId: string }) {
  return (
    <g
      data-testid={`lg-graph-edge-${edge.source}-${edge.target}`}
      data-lit={lit || undefined}
      data-conditional={edge.conditional || undefined}
    >
      <path
        d={path(edge.points)}
        fill="none"
        strokeWidth={lit ? 2 : 1.25}
        strokeDasharray={edge.conditional ? "5 4" : undefined}
        markerEnd={`url(#${markerId}${lit ? "-lit" : ""})`}
        className={lit ? "stroke-primary" : "stroke-muted-foreground/60"}
      />
      {edge.label && edge.labelAt && (
        <text x={edge.labelAt.x} y={edge.labelAt.y + 4} textAnchor="middle" className="fill-muted-foreground text-[10px]">
          {edge.label}
        </text>
      )}
    </g>
  );
}

export function GraphCluster({ cluster }: { cluster: LgLayoutCluster }) {
  const x = cluster.x - cluster.width / 2;
  const y = cluster.y - cluster.height / 2;
  return (
    <g data-testid={`lg-graph-cluster-${cluster.id}`}>
      <rect
        x={x}
        y={y}
        width={cluster.width}
        height={cluster.height}
        rx={8}
        className="fill-muted/40 stroke-border"
        strokeDasharray="3 3"
      />
      <text x={x + 8} y={y + 14} className="fill-muted-foreground text-[10px] font-semibold">
        {cluster.label}
      </text>
    </g>
  );
}

export interface GraphNodeProps {
  node: LgLayoutNode;
  visited: boolean;
  paused: boolean;
  onClick?: (id: string) => void;
}

export function GraphNode({ node, visited, paused, onClick }: GraphNodeProps) {
  const x = node.x - node.width / 2;
  const y = node.y - node.height / 2;
  const terminal = node.shape === "terminal";
  const activate = onClick ? () => onClick(node.id) : undefined;
  const onKeyDown = (e: KeyboardEvent) => {
    if (activate && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      activate();
    }
  };
  return (
    <g
      data-testid={`lg-graph-node-${node.id}`}
      data-visited={visited || undefined}
      data-paused={paused || undefined}
      role={onClick ? "button" : undefined}
      tabIndex={onClick ? 0 : undefined}
      aria-label={`${node.id}${visited ? ", visited" : ""}${paused ? ", paused" : ""}`}
      onClick={activate}
      onKeyDown={onClick ? onKeyDown : undefined}
      className={cn(onClick && "cursor-pointer outline-none [&:focus-visible>rect]:stroke-ring [&:focus-visible>rect]:stroke-[3]")}
    >
      {paused && (
        <rect
          x={x - 4}
          y={y - 4}
          width={node.width + 8}
          height={node.height + 8}
          rx={terminal ? 16 : 9}
          fill="none"
          strokeWidth={2.5}
          className="stroke-amber-500"
        />
      )}
      <rect
        x={x}
        y={y}
        width={node.width}
        height={node.height}
        rx={terminal ? node.height / 2 : 6}
        strokeWidth={visited ? 2 : 1}
        className={visited ? "fill-primary/10 stroke-primary" : terminal ? "fill-muted stroke-border" : "fill-background stroke-border"}
      />
      <text
        x={node.x}
        y={node.y + 4}
        textAnchor="middle"
        className={cn("text-[11px]", visited ? "fill-primary font-semibold" : "fill-foreground", terminal && "fill-muted-foreground")}
      >
        {node.label}
      </text>
      {paused && (
        <text x={node.x + node.width / 2 + 6} y={y - 6} className="fill-amber-600 text-[10px] font-semibold dark:fill-amber-400">
          paused
        </text>
      )}
    </g>
  );
}
