/**
 * Where a run went in its graph (for the graph view): the nodes it ran, the edges it took, and
 * where it paused. Node ids are the xray graph's: a subgraph's node is `parent:child`, and the
 * subgraph's own node (`parent`) is listed too, so a graph drawn without xray lights it as well.
 */
import type { Entry } from "@/lib/contracts/entries";
import { buildLgTimeline, type LgTimeline } from "./timeline";
import type { LgRunView } from "./types";

export interface LgPathEdge {
  source: string;
  target: string;
}

export interface LgRunPath {
  visited: string[];
  /** The edges the run took: consecutive supersteps' nodes, in the order they ran. */
  edges: LgPathEdge[];
  paused: string[];
}

const START = "__start__";
const END = "__end__";
const EMPTY: LgRunPath = { visited: [], edges: [], paused: [] };

/** The path of run `runId` (an id or alias), or of the thread's last run when absent. */
export function runPath(entries: readonly Entry[], runId?: string): LgRunPath {
  return runPathOf(buildLgTimeline(entries), runId);
}

export function runPathOf(timeline: LgTimeline, runId?: string): LgRunPath {
  const run = runId === undefined ? timeline.runs.at(-1) : timeline.runs.find((r) => r.runId === runId || r.aliases.includes(runId));
  if (!run) return EMPTY;
  const visited = new Set<string>();
  const paused = new Set<string>();
  // The subgraph's node before its children: `review`, then `review:ask`.
  const withParents = (into: Set<string>, node: string) => {
    const parts = node.split(":");
    for (let i = 1; i <= parts.length; i++) into.add(parts.slice(0, i).join(":"));
  };
  const visit = (node: string) => withParents(visited, node);
  for (const step of run.steps) {
    for (const task of step.tasks) if (task.node !== START && task.node !== END) visit(task.node);
    for (const i of step.interrupts) {
      const node = i.node ?? (step.path || null);
      if (node) withParents(paused, node);
    }
  }
  for (const note of run.notes)
    if (note.kind === "interrupt" && (note.interrupt.node ?? note.path)) withParents(paused, note.interrupt.node ?? note.path);
  const ended = run.status === "success" || run.steps.some((s) => s.path === "" && s.source === "loop" && s.next.length === 0);
  const path = visited.size > 0 ? [START, ...visited] : [];
  if (ended && path.length > 0) path.push(END);
  return { visited: path, edges: takenEdges(run, ended), paused: [...paused] };
}

/** One pass through a (sub)graph: the nodes of each of its supersteps that ran tasks, in order. */
type Segment = string[][];

/** Each namespace's passes: a step number not above the last one starts a new pass (the subgraph ran again). */
function segmentsByPath(run: LgRunView): Map<string, Segment[]> {
  const byPath = new Map<string, { last: number; segments: Segment[] }>();
  for (const step of run.steps) {
    const nodes = step.tasks.map((t) => t.node).filter((n) => n !== START && n !== END);
    if (nodes.length === 0) continue;
    const seen = byPath.get(step.path);
    if (!seen) byPath.set(step.path, { last: step.step, segments: [[nodes]] });
    else {
      if (step.step <= seen.last) seen.segments.push([nodes]);
      else seen.segments.at(-1)?.push(nodes);
      seen.last = step.step;
    }
  }
  return new Map([...byPath].map(([path, v]) => [path, v.segments]));
}

/**
 * The edges a run took. Within a namespace, every node of a superstep follows every node of the
 * superstep before (parallel tasks each follow the previous step's nodes). A subgraph's pass is
 * spliced in where its parent node sits: what led to `review` also leads to its first nodes, and its
 * last nodes lead where `review` led — so both the xray graph and the plain one light their edges.
 */
function takenEdges(run: LgRunView, ended: boolean): LgPathEdge[] {
  const edges = new Map<string, LgPathEdge>();
  const add = (source: string, target: string) => edges.set(`${source}\u0000${target}`, { source, target });
  const chain = (segment: Segment) => segment.forEach((nodes, i) => (segment[i - 1] ?? []).forEach((p) => nodes.forEach((c) => add(p, c))));
  const segments = segmentsByPath(run);
  const top = segments.get("") ?? [];
  top.forEach(chain);
  // From __start__ when the run began at the graph's input (a resumed run carries on mid-graph).
  const first = run.steps.find((s) => s.path === "");
  if (first && first.step <= 0) top[0]?.[0]?.forEach((n) => add(START, n));
  if (ended)
    top
      .at(-1)
      ?.at(-1)
      ?.forEach((n) => add(n, END));
  // Shallow subgraphs first, so a nested one finds its parent's spliced edges.
  const nested = [...segments.keys()].filter((p) => p !== "").sort((a, b) => a.split(":").length - b.split(":").length);
  for (const path of nested) {
    const into = [...edges.values()].filter((e) => e.target === path).map((e) => e.source);
    const outOf = [...edges.values()].filter((e) => e.source === path).map((e) => e.target);
    for (const segment of segments.get(path) ?? []) {
      chain(segment);
      segment[0]?.forEach((n) => into.forEach((p) => add(p, n)));
      segment.at(-1)?.forEach((n) => outOf.forEach((t) => add(n, t)));
    }
  }
  return [...edges.values()];
}
