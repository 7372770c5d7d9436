/**
 * Pure: the flat list of rows the virtualized timeline renders — invocation headers, event rows,
 * compaction folds and, under an expanded fold, the events it covers.
 */
import { compactionFolds, modelView } from "@/lib/protocols/adk/timeline-views";
import type { TimelineEntry, TimelineState } from "@/lib/protocols/adk/timeline-types";

export type TimelineView = "raw" | "model";

export type TimelineRow =
  | { type: "invocation"; key: string; invocationId: string }
  | {
      type: "event";
      key: string;
      entry: number;
      depth: number;
      /** Shown under an expanded fold (a summarized event). */
      inFold: boolean;
      /** Raw view: a later compaction summarizes this event. */
      compacted: boolean;
    }
  | { type: "fold"; key: string; entry: number; covered: number[]; summary: string; expanded: boolean };

export interface RowOptions {
  view: TimelineView;
  /** Entry indexes that pass the filter, ascending. */
  visible: readonly number[];
  /** Entry indexes of compaction folds the user opened. */
  expanded: ReadonlySet<number>;
}

const MAX_DEPTH = 6;

/** Indentation for nested agents (`branch` a.b.c) and workflow nodes (`nodeInfo.path` wf.node). */
export function entryDepth(entry: TimelineEntry | undefined): number {
  if (!entry) return 0;
  const segments = (s: string | undefined) => (s ? s.split(".").filter(Boolean).length - 1 : 0);
  return Math.min(MAX_DEPTH, Math.max(segments(entry.event.branch), segments(entry.event.nodeInfo?.path), 0));
}

interface Fold {
  covered: number[];
  summary: string;
}

/**
 * Raw view: every compaction is a fold over its time range, and the events stay in place (they
 * did happen). Model view: only the latest compaction counts (adk.md §5 `getActiveEvents`); it
 * stands first and folds everything the model no longer sees.
 */
function foldsFor(tl: TimelineState, view: TimelineView): { folds: Map<number, Fold>; order: number[] | null; hidden: Set<number> } {
  const folds = new Map<number, Fold>();
  if (view === "model") {
    const mv = modelView(tl);
    const entry = mv.compaction !== null ? tl.entries[mv.compaction] : undefined;
    if (mv.compaction !== null && entry?.event.compaction) {
      folds.set(mv.compaction, { covered: mv.hidden, summary: entry.event.compaction.summary });
    }
    return { folds, order: mv.visible, hidden: new Set(mv.hidden) };
  }
  const hidden = new Set<number>();
  for (const f of compactionFolds(tl)) {
    folds.set(f.entry, { covered: f.covered, summary: f.summary });
    for (const i of f.covered) hidden.add(i);
  }
  return { folds, order: null, hidden };
}

export function buildRows(tl: TimelineState, { view, visible, expanded }: RowOptions): TimelineRow[] {
  const { folds, order, hidden } = foldsFor(tl, view);
  let indexes: readonly number[] = visible;
  if (order) {
    const pass = new Set(visible);
    indexes = order.filter((i) => pass.has(i));
  }
  const rows: TimelineRow[] = [];
  let group = "";
  for (const index of indexes) {
    const entry = tl.entries[index];
    if (!entry) continue;
    const fold = folds.get(index);
    if (fold) {
      const open = expanded.has(index);
      rows.push({ type: "fold", key: `fold:${index}`, entry: index, covered: fold.covered, summary: fold.summary, expanded: open });
      if (open) {
        for (const c of fold.covered) {
          const depth = entryDepth(tl.entries[c]) + 1;
          rows.push({ type: "event", key: `fold:${index}:${c}`, entry: c, depth, inFold: true, compacted: true });
        }
      }
      continue;
    }
    // Events with no invocation (stream errors, unrecognized frames) stay in the current group.
    const inv = entry.event.invocationId;
    if (inv !== "" && inv !== group) {
      group = inv;
      rows.push({ type: "invocation", key: `inv:${inv}:${index}`, invocationId: inv });
    }
    const compacted = view === "raw" && hidden.has(index);
    rows.push({ type: "event", key: `ev:${index}`, entry: index, depth: entryDepth(entry), inFold: false, compacted });
  }
  return rows;
}
