/**
 * Where a run went in its graph (for the graph view): the nodes it ran, in order, and where it
 * paused. Node ids are the xray graph's: a subgraph's node is `parent:child`, and the subgraph's own
 * node (`parent`) is listed too, so a graph drawn without xray lights it as well.
 */
import type { Entry } from "@/lib/contracts/entries";
import { buildLgTimeline, type LgTimeline } from "./timeline";

export interface LgRunPath {
  visited: string[];
  paused: string[];
}

const START = "__start__";
const END = "__end__";

/** The path of run `runId` (an id or alias), or of the thread's last run when absent. */
export function runPath(entries: readonly Entry[], runId?: string): LgRunPath {
  return runPathOf(buildLgTimeline(entries), runId);
}

export function runPathOf(timeline: LgTimeline, runId?: string): LgRunPath {
  const run = runId === undefined ? timeline.runs.at(-1) : timeline.runs.find((r) => r.runId === runId || r.aliases.includes(runId));
  if (!run) return { visited: [], paused: [] };
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
  return { visited: path, paused: [...paused] };
}
