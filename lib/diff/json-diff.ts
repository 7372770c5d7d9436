/**
 * A structural diff of two JSON values (issue 12, "Re-run and diff"; also used to compare runs).
 * Pure — no React, no server. Work is bounded: a node budget stops the walk on huge values, a depth
 * cap compares deeper subtrees whole, and only the first `maxChanges` changes are listed (the rest
 * are counted in `omitted`, so a view can say "…n more changes").
 */

export type JsonPath = (string | number)[];
export type ChangeKind = "added" | "removed" | "changed" | "same";

/** One line of a line diff; `same` lines are kept so a view can fold them. */
export interface LineOp {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface LineDiff {
  ops: LineOp[];
  /** True when the texts were too large for the LCS: the differing middle is shown as removed + added. */
  coarse: boolean;
}

export interface JsonChange {
  path: JsonPath;
  kind: ChangeKind;
  before?: unknown;
  after?: unknown;
  /** For two differing multi-line strings: the line diff (the strings are still compared whole). */
  lines?: LineDiff;
}

export interface JsonDiffOptions {
  /** Below this depth subtrees are compared whole (one `changed` entry). Default 32. */
  maxDepth?: number;
  /** How many changes are listed; the rest are counted in `omitted`. Default 500. */
  maxChanges?: number;
  /** Nodes visited before the walk stops (`incomplete`). Default 200,000. */
  maxNodes?: number;
  /** Also list equal subtrees (one `same` entry per equal object key / array slot), for folding. */
  includeSame?: boolean;
  /**
   * Align arrays by a key instead of by index. Return undefined for arrays that should stay by index;
   * when any item lacks a key or keys repeat, that array falls back to index alignment.
   */
  arrayKey?: (item: unknown, path: JsonPath) => string | number | undefined;
}

export interface JsonDiffResult {
  changes: JsonChange[];
  /** Changes found but not listed (over `maxChanges`). */
  omitted: number;
  /** The node budget ran out: there may be differences nobody looked at. */
  incomplete: boolean;
  /** No difference found (and the walk was complete). */
  equal: boolean;
}

const DEFAULTS = { maxDepth: 32, maxChanges: 500, maxNodes: 200_000 };
/** LCS table cells allowed for one line diff (lines × lines after trimming the common ends). */
const MAX_LCS_CELLS = 250_000;

type Walk = {
  opts: Required<Omit<JsonDiffOptions, "arrayKey">> & Pick<JsonDiffOptions, "arrayKey">;
  changes: JsonChange[];
  found: number;
  nodes: number;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep equality on JSON values, charging visited nodes to the walk's budget. */
function equalWithin(a: unknown, b: unknown, w: Walk): boolean {
  w.nodes += 1;
  if (w.nodes > w.opts.maxNodes) return false;
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((item, i) => equalWithin(item, b[i], w));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.hasOwn(b, k) && equalWithin(a[k], b[k], w));
  }
  return Number.isNaN(a) && Number.isNaN(b);
}

/** Deep equality of two JSON values (unbounded; for small values). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const w: Walk = { opts: { ...DEFAULTS, maxNodes: Number.POSITIVE_INFINITY, includeSame: false }, changes: [], found: 0, nodes: 0 };
  return equalWithin(a, b, w);
}

function push(w: Walk, change: JsonChange) {
  if (change.kind !== "same") w.found += 1;
  if (change.kind === "same" || w.found <= w.opts.maxChanges) w.changes.push(change);
}

function walk(a: unknown, b: unknown, path: JsonPath, depth: number, w: Walk): void {
  if (w.nodes > w.opts.maxNodes) return;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isObject(a) && isObject(b);
  if (!bothArrays && !bothObjects) {
    if (equalWithin(a, b, w)) {
      if (w.opts.includeSame) push(w, { path, kind: "same", before: a, after: b });
      return;
    }
    const change: JsonChange = { path, kind: "changed", before: a, after: b };
    if (typeof a === "string" && typeof b === "string" && (a.includes("\n") || b.includes("\n"))) change.lines = lineDiff(a, b);
    push(w, change);
    return;
  }
  if (depth >= w.opts.maxDepth) {
    if (!equalWithin(a, b, w)) push(w, { path, kind: "changed", before: a, after: b });
    else if (w.opts.includeSame) push(w, { path, kind: "same", before: a, after: b });
    return;
  }
  w.nodes += 1;
  if (Array.isArray(a) && Array.isArray(b)) walkArrays(a, b, path, depth, w);
  else if (isObject(a) && isObject(b)) walkObjects(a, b, path, depth, w);
}

function walkChild(a: unknown, b: unknown, path: JsonPath, depth: number, w: Walk) {
  // An equal child is one `same` entry (foldable), not one per leaf.
  if (w.opts.includeSame && equalWithin(a, b, w)) push(w, { path, kind: "same", before: a, after: b });
  else walk(a, b, path, depth + 1, w);
}

function walkObjects(a: Record<string, unknown>, b: Record<string, unknown>, path: JsonPath, depth: number, w: Walk) {
  for (const key of Object.keys(a)) {
    if (w.nodes > w.opts.maxNodes) return;
    if (!Object.hasOwn(b, key)) push(w, { path: [...path, key], kind: "removed", before: a[key] });
    else walkChild(a[key], b[key], [...path, key], depth, w);
  }
  for (const key of Object.keys(b)) {
    if (!Object.hasOwn(a, key)) push(w, { path: [...path, key], kind: "added", after: b[key] });
  }
}

function keysFor(items: unknown[], path: JsonPath, w: Walk): (string | number)[] | null {
  const keyOf = w.opts.arrayKey;
  if (!keyOf) return null;
  const keys: (string | number)[] = [];
  for (const item of items) {
    const key = keyOf(item, path);
    if (key === undefined) return null;
    keys.push(key);
  }
  return new Set(keys).size === keys.length ? keys : null;
}

function walkArrays(a: unknown[], b: unknown[], path: JsonPath, depth: number, w: Walk) {
  const keysA = keysFor(a, path, w);
  const keysB = keysA && keysFor(b, path, w);
  if (keysA && keysB) {
    // Keyed: a matched item is addressed by its index in `after`, a removed one by its index in `before`.
    const indexB = new Map(keysB.map((k, i) => [k, i]));
    const keySetA = new Set(keysA);
    keysA.forEach((key, i) => {
      const j = indexB.get(key);
      if (j === undefined) push(w, { path: [...path, i], kind: "removed", before: a[i] });
      else walkChild(a[i], b[j], [...path, j], depth, w);
    });
    keysB.forEach((key, j) => {
      if (!keySetA.has(key)) push(w, { path: [...path, j], kind: "added", after: b[j] });
    });
    return;
  }
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) {
    if (w.nodes > w.opts.maxNodes) return;
    walkChild(a[i], b[i], [...path, i], depth, w);
  }
  for (let i = shared; i < a.length; i += 1) push(w, { path: [...path, i], kind: "removed", before: a[i] });
  for (let i = shared; i < b.length; i += 1) push(w, { path: [...path, i], kind: "added", after: b[i] });
}

/** The structural diff of `before` → `after`. */
export function jsonDiff(before: unknown, after: unknown, options: JsonDiffOptions = {}): JsonDiffResult {
  const w: Walk = {
    opts: {
      maxDepth: options.maxDepth ?? DEFAULTS.maxDepth,
      maxChanges: options.maxChanges ?? DEFAULTS.maxChanges,
      maxNodes: options.maxNodes ?? DEFAULTS.maxNodes,
      includeSame: options.includeSame ?? false,
      arrayKey: options.arrayKey,
    },
    changes: [],
    found: 0,
    nodes: 0,
  };
  walk(before, after, [], 0, w);
  const incomplete = w.nodes > w.opts.maxNodes;
  const omitted = Math.max(0, w.found - w.opts.maxChanges);
  return { changes: w.changes, omitted, incomplete, equal: w.found === 0 && !incomplete };
}

/**
 * A line diff (LCS) of two texts. The common head and tail are trimmed first, so a small edit in a
 * long text stays cheap; when the differing middle is still too large, it is reported coarsely.
 */
export function lineDiff(before: string, after: string): LineDiff {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (lines: string[]): LineOp[] => lines.map((text) => ({ kind: "same", text }));
  const start = same(a.slice(0, head));
  const end = same(a.slice(a.length - tail));
  if (midA.length * midB.length > MAX_LCS_CELLS) {
    const middle: LineOp[] = [
      ...midA.map((text): LineOp => ({ kind: "removed", text })),
      ...midB.map((text): LineOp => ({ kind: "added", text })),
    ];
    return { ops: [...start, ...middle, ...end], coarse: true };
  }
  return { ops: [...start, ...lcsOps(midA, midB), ...end], coarse: false };
}

function lcsOps(a: string[], b: string[]): LineOp[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j] = LCS length of a[i..] and b[j..], flattened.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => lengths[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * (m + 1) + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: "same", text: a[i] ?? "" });
      i += 1;
      j += 1;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ops.push({ kind: "removed", text: a[i] ?? "" });
      i += 1;
    } else {
      ops.push({ kind: "added", text: b[j] ?? "" });
      j += 1;
    }
  }
  for (; i < n; i += 1) ops.push({ kind: "removed", text: a[i] ?? "" });
  for (; j < m; j += 1) ops.push({ kind: "added", text: b[j] ?? "" });
  return ops;
}

/** A path as people read it: `$.content[0].text`, `$["odd key"]`. */
export function formatPath(path: JsonPath): string {
  return (
    "$" +
    path
      .map((part) => {
        if (typeof part === "number") return `[${part}]`;
        return /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
      })
      .join("")
  );
}
