/**
 * Two runs side by side (issue 12, "Re-run and diff"): the protocol-neutral half. An ADK session
 * (lib/protocols/adk/compare.ts) and a playground column (lib/protocols/playground/compare.ts) are
 * each read into a list of `RunUnit`s — one per invocation / turn — and this module aligns them:
 * unit i of A with unit i of B (an extra one on either side is "only in A/B"), and within a pair
 * the tool calls by LCS over their names, so an extra or missing call reads as inserted/removed
 * instead of shifting every later pair. Pure: no React, no I/O.
 */

import { jsonDiff, lineDiff as diffLines, type JsonDiffResult, type LineOp } from "@/lib/diff/json-diff";

export type { JsonDiffResult, LineOp };

export interface RunCall {
  id: string;
  name: string;
  args: unknown;
  /** undefined while the call has no result (still running, paused, or the run was cut). */
  result: unknown;
  isError: boolean;
}

/** One invocation (ADK) or turn (playground) as compared. */
export interface RunUnit {
  /** Invocation id or `turn <n>`: shown, never compared. */
  id: string;
  userText: string;
  calls: RunCall[];
  /** The final answer's text (the last model text of the unit). */
  answer: string;
  /** Agents that spoke (ADK authors), in order of first appearance. */
  agents: string[];
  transfers: string[];
  stateDelta: Record<string, unknown>;
  errors: string[];
  tokens: number | null;
  durationMs: number | null;
}

export type PairStatus = "same" | "different" | "only_a" | "only_b";

export interface CallPair {
  status: PairStatus;
  a: RunCall | null;
  b: RunCall | null;
  /** null for a call only one side made. */
  args: JsonDiffResult | null;
  result: JsonDiffResult | null;
}

/** The aspects of a pair that can differ; tokens and duration are shown but never make a pair "different". */
export type Aspect = "user" | "calls" | "args" | "results" | "answer" | "agents" | "transfers" | "state" | "errors";

export interface UnitPair {
  index: number;
  status: PairStatus;
  a: RunUnit | null;
  b: RunUnit | null;
  calls: CallPair[];
  answer: LineOp[];
  state: JsonDiffResult | null;
  differs: Aspect[];
}

export interface RunComparison {
  pairs: UnitPair[];
  summary: {
    units: number;
    differing: number;
    onlyA: number;
    onlyB: number;
    toolsOnlyInA: string[];
    toolsOnlyInB: string[];
    tokensA: number | null;
    tokensB: number | null;
    durationA: number | null;
    durationB: number | null;
  };
}

/** Above this many cells (n × m) the LCS table is not built: the texts are shown as replaced whole. */
const LCS_CELL_CAP = 250_000;

/** Index pairs of a longest common subsequence of `a` and `b` under `same` (classic DP, capped). */
export function lcsPairs<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): Array<[number, number]> | null {
  const n = a.length;
  const m = b.length;
  if (n * m > LCS_CELL_CAP) return null;
  const w = m + 1;
  // same(a[i], b[j]) for every pair, once (the walk below asks some pairs again).
  const eq = new Uint8Array(n * m);
  a.forEach((x, i) => b.forEach((y, j) => (eq[i * m + j] = same(x, y) ? 1 : 0)));
  const len = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[i * w + j] = eq[i * m + j] ? (len[(i + 1) * w + j + 1] ?? 0) + 1 : Math.max(len[(i + 1) * w + j] ?? 0, len[i * w + j + 1] ?? 0);
    }
  }
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (eq[i * m + j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if ((len[(i + 1) * w + j] ?? 0) >= (len[i * w + j + 1] ?? 0)) i++;
    else j++;
  }
  return out;
}

/** Line diff of two answers; an empty answer has no lines (not one empty line). */
export function lineDiff(a: string, b: string): LineOp[] {
  if (a === "" && b === "") return [];
  if (a === "") return b.split("\n").map((text) => ({ kind: "added", text }));
  if (b === "") return a.split("\n").map((text) => ({ kind: "removed", text }));
  return diffLines(a, b).ops;
}

/** isError flipped, or one side has a result and the other none. */
const flipped = (a: RunCall, b: RunCall) => a.isError !== b.isError || (a.result === undefined) !== (b.result === undefined);

function pairCall(a: RunCall | null, b: RunCall | null): CallPair {
  if (!a || !b) return { status: a ? "only_a" : "only_b", a, b, args: null, result: null };
  const args = jsonDiff(a.args, b.args);
  const result = jsonDiff(a.result ?? null, b.result ?? null);
  // Names differ only past the LCS cap, where calls pair by position.
  const same = args.equal && result.equal && !flipped(a, b) && a.name === b.name;
  return { status: same ? "same" : "different", a, b, args, result };
}

/** Tool calls of two units, aligned by order and name (LCS); unmatched ones in between keep their order. */
export function alignCalls(a: readonly RunCall[], b: readonly RunCall[]): CallPair[] {
  // Past the cap, pair by position: a unit with thousands of calls still gets an answer.
  const pairs = lcsPairs(a, b, (x, y) => x.name === y.name) ?? a.slice(0, b.length).map((_, i): [number, number] => [i, i]);
  const out: CallPair[] = [];
  let i = 0;
  let j = 0;
  const end: [number, number] = [a.length, b.length];
  for (const [pi, pj] of [...pairs, end]) {
    while (i < pi) out.push(pairCall(a[i++] ?? null, null));
    while (j < pj) out.push(pairCall(null, b[j++] ?? null));
    if (pi < a.length && pj < b.length) out.push(pairCall(a[pi] ?? null, b[pj] ?? null));
    i = pi + 1;
    j = pj + 1;
  }
  return out;
}

const sameList = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);

function pairUnits(index: number, a: RunUnit | null, b: RunUnit | null): UnitPair {
  if (!a || !b) {
    return {
      index,
      status: a ? "only_a" : "only_b",
      a,
      b,
      calls: alignCalls(a?.calls ?? [], b?.calls ?? []),
      answer: lineDiff(a?.answer ?? "", b?.answer ?? ""),
      state: null,
      differs: [],
    };
  }
  const calls = alignCalls(a.calls, b.calls);
  const answer = lineDiff(a.answer, b.answer);
  const state = jsonDiff(a.stateDelta, b.stateDelta);
  const differs: Aspect[] = [];
  if (a.userText !== b.userText) differs.push("user");
  if (calls.some((c) => c.status === "only_a" || c.status === "only_b" || (c.a && c.b && c.a.name !== c.b.name))) differs.push("calls");
  if (calls.some((c) => c.args && !c.args.equal)) differs.push("args");
  if (calls.some((c) => (c.result && !c.result.equal) || (c.a && c.b && flipped(c.a, c.b)))) differs.push("results");
  if (a.answer !== b.answer) differs.push("answer");
  if (!sameList(a.agents, b.agents)) differs.push("agents");
  if (!sameList(a.transfers, b.transfers)) differs.push("transfers");
  if (!state.equal) differs.push("state");
  if (!sameList(a.errors, b.errors)) differs.push("errors");
  return { index, status: differs.length ? "different" : "same", a, b, calls, answer, state, differs };
}

function total(units: readonly RunUnit[], pick: (u: RunUnit) => number | null): number | null {
  let sum: number | null = null;
  for (const u of units) {
    const v = pick(u);
    if (v !== null) sum = (sum ?? 0) + v;
  }
  return sum;
}

const toolNames = (units: readonly RunUnit[]) => new Set(units.flatMap((u) => u.calls.map((c) => c.name)));

/** Units of A and B aligned by position, with the summary the compare pane shows on top. */
export function compareRuns(a: readonly RunUnit[], b: readonly RunUnit[]): RunComparison {
  const pairs: UnitPair[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) pairs.push(pairUnits(i, a[i] ?? null, b[i] ?? null));
  const namesA = toolNames(a);
  const namesB = toolNames(b);
  return {
    pairs,
    summary: {
      units: pairs.length,
      differing: pairs.filter((p) => p.status !== "same").length,
      onlyA: pairs.filter((p) => p.status === "only_a").length,
      onlyB: pairs.filter((p) => p.status === "only_b").length,
      toolsOnlyInA: [...namesA].filter((n) => !namesB.has(n)).sort(),
      toolsOnlyInB: [...namesB].filter((n) => !namesA.has(n)).sort(),
      tokensA: total(a, (u) => u.tokens),
      tokensB: total(b, (u) => u.tokens),
      durationA: total(a, (u) => u.durationMs),
      durationB: total(b, (u) => u.durationMs),
    },
  };
}
