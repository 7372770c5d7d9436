/**
 * Two runs side by side (issue 12, "Re-run and diff"): the protocol-neutral half. An ADK session
 * (lib/protocols/adk/compare.ts) and a playground column (lib/protocols/playground/compare.ts) are
 * each read into a list of `RunUnit`s — one per invocation / turn — and this module aligns them:
 * unit i of A with unit i of B (an extra one on either side is "only in A/B"), and within a pair
 * the tool calls by LCS over their names, so an extra or missing call reads as inserted/removed
 * instead of shifting every later pair. Pure: no React, no I/O.
 */

// TEMP until lib/diff/json-diff.ts lands (rerun helper): a flat structural diff.
interface JsonChange {
  path: Array<string | number>;
  kind: "added" | "removed" | "changed" | "same";
  before?: unknown;
  after?: unknown;
}
function diffJson(a: unknown, b: unknown, path: Array<string | number> = []): JsonChange[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => {
      const key = Array.isArray(a) ? Number(k) : k;
      if (!(k in a)) return [{ path: [...path, key], kind: "added" as const, after: b[k] }];
      if (!(k in b)) return [{ path: [...path, key], kind: "removed" as const, before: a[k] }];
      return diffJson(a[k], b[k], [...path, key]);
    });
  }
  return [{ path, kind: "changed", before: a, after: b }];
}

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
  args: JsonChange[];
  result: JsonChange[];
}

export interface LineOp {
  kind: "same" | "added" | "removed";
  text: string;
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
  state: JsonChange[];
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
  const len = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[i * w + j] = same(a[i] as T, b[j] as T)
        ? (len[(i + 1) * w + j + 1] ?? 0) + 1
        : Math.max(len[(i + 1) * w + j] ?? 0, len[i * w + j + 1] ?? 0);
    }
  }
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[i] as T, b[j] as T)) {
      out.push([i, j]);
      i++;
      j++;
    } else if ((len[(i + 1) * w + j] ?? 0) >= (len[i * w + j + 1] ?? 0)) i++;
    else j++;
  }
  return out;
}

/** Line diff of two texts: unchanged lines, lines only in A (removed), lines only in B (added). */
export function lineDiff(a: string, b: string): LineOp[] {
  if (a === b) return a === "" ? [] : a.split("\n").map((text) => ({ kind: "same", text }));
  const la = a === "" ? [] : a.split("\n");
  const lb = b === "" ? [] : b.split("\n");
  const pairs = lcsPairs(la, lb, (x, y) => x === y) ?? [];
  const out: LineOp[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [la.length, lb.length] as [number, number]]) {
    while (i < pi) out.push({ kind: "removed", text: la[i++] ?? "" });
    while (j < pj) out.push({ kind: "added", text: lb[j++] ?? "" });
    if (pi < la.length) out.push({ kind: "same", text: la[pi] ?? "" });
    i = pi + 1;
    j = pj + 1;
  }
  return out;
}

const onlyChanges = (changes: JsonChange[]) => changes.filter((c) => c.kind !== "same");

function pairCall(a: RunCall | null, b: RunCall | null): CallPair {
  if (!a || !b) return { status: a ? "only_a" : "only_b", a, b, args: [], result: [] };
  const args = onlyChanges(diffJson(a.args, b.args));
  const result = onlyChanges(diffJson(a.result ?? null, b.result ?? null));
  const flip = a.isError !== b.isError || (a.result === undefined) !== (b.result === undefined);
  return { status: args.length || result.length || flip ? "different" : "same", a, b, args, result };
}

/** Tool calls of two units, aligned by order and name (LCS); unmatched ones in between keep their order. */
export function alignCalls(a: readonly RunCall[], b: readonly RunCall[]): CallPair[] {
  // Past the cap, pair by position: a unit with thousands of calls still gets an answer.
  const pairs = lcsPairs(a, b, (x, y) => x.name === y.name) ?? a.slice(0, b.length).map((_, i) => [i, i] as [number, number]);
  const out: CallPair[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [a.length, b.length] as [number, number]]) {
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
    const only = (a ?? b) as RunUnit;
    return {
      index,
      status: a ? "only_a" : "only_b",
      a,
      b,
      calls: alignCalls(a?.calls ?? [], b?.calls ?? []),
      answer: lineDiff(a ? only.answer : "", b ? only.answer : ""),
      state: [],
      differs: [],
    };
  }
  const calls = alignCalls(a.calls, b.calls);
  const answer = lineDiff(a.answer, b.answer);
  const state = onlyChanges(diffJson(a.stateDelta, b.stateDelta));
  const differs: Aspect[] = [];
  if (a.userText !== b.userText) differs.push("user");
  if (calls.some((c) => c.status === "only_a" || c.status === "only_b")) differs.push("calls");
  if (calls.some((c) => c.args.length > 0)) differs.push("args");
  if (
    calls.some(
      (c) =>
        c.result.length > 0 || (c.a && c.b && (c.a.isError !== c.b.isError || (c.a.result === undefined) !== (c.b.result === undefined))),
    )
  )
    differs.push("results");
  if (a.answer !== b.answer) differs.push("answer");
  if (!sameList(a.agents, b.agents)) differs.push("agents");
  if (!sameList(a.transfers, b.transfers)) differs.push("transfers");
  if (state.length > 0) differs.push("state");
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
