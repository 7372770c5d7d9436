/** One printed measurement. */
export interface Figure {
  label: string;
  value: number;
  unit: "ms" | "MB" | "bytes" | "x" | "count" | "calls/s" | "entries/s" | "load";
  /** Extra context printed after the value (e.g. "median of 5"). */
  note?: string;
}

export interface BenchContext {
  /** Absolute repo root. */
  root: string;
  /** Temp LOUPE_DATA_DIR for this run (already set in process.env). */
  dataDir: string;
  /** How many repetitions a bench takes its median over. */
  runs: number;
}

/**
 * A group of measurements. To add one, write `bench/<name>.ts` exporting a Bench and list it in
 * BENCHES in bench/run.ts. A bench prints figures only, a target at most as a note: no pass/fail.
 */
export interface Bench {
  name: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Runs `fn` and returns its result with the elapsed wall time in ms. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Median wall time of `runs` sequential runs of `fn`. */
export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn)).ms);
  return median(times);
}

export const MB = 1024 * 1024;

export function ratio(label: string, numerator: number, denominator: number, note?: string): Figure {
  return { label, value: numerator / denominator, unit: "x", ...(note ? { note } : {}) };
}

/** The names of a record's keys, typed as its keys (for…in gives each key as K). */
function keysOf<K extends string>(record: Record<K, unknown>): K[] {
  const keys: K[] = [];
  for (const key in record) keys.push(key);
  return keys;
}

/** A record with the same keys, each value mapped. */
function mapValues<K extends string, A, B>(record: Record<K, A>, f: (value: A) => B): Record<K, B> {
  // Object.fromEntries cannot say its keys are K; every key of `record` is mapped, so they are.
  return Object.fromEntries(keysOf(record).map((key) => [key, f(record[key])])) as Record<K, B>;
}

/**
 * Median times of several variants measured in alternation (a, b, a, b, …), so a load spike on
 * a shared machine hits every variant alike instead of skewing their ratio.
 */
export async function interleavedMedians<K extends string>(
  runs: number,
  variants: Record<K, () => Promise<unknown>>,
): Promise<Record<K, number>> {
  const names = keysOf(variants);
  const times = mapValues(variants, (): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const name of names) times[name].push((await timed(variants[name])).ms);
  }
  return mapValues(times, median);
}

/**
 * Median times of several variants measured in alternating blocks of `block` back-to-back runs
 * (a×block, b×block, a×block, …): each variant in its steady state, as a loop of calls runs, while
 * a load spike still hits every variant alike. Per-run alternation (interleavedMedians) instead
 * makes every run start from idle processes, which costs a path through more processes more.
 */
export async function blockMedians<K extends string>(
  runs: number,
  block: number,
  variants: Record<K, () => Promise<unknown>>,
): Promise<Record<K, number>> {
  const names = keysOf(variants);
  const times = mapValues(variants, (): number[] => []);
  for (let done = 0; done < runs; done += block) {
    for (const name of names) {
      for (let i = 0; i < Math.min(block, runs - done); i++) times[name].push((await timed(variants[name])).ms);
    }
  }
  return mapValues(times, median);
}
