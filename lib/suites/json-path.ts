import type { JsonPath } from "@/lib/diff/json-diff";
import { isRecord } from "@/lib/values";

/**
 * The JSONPath subset assertions use (lib/contracts/testing/assertions.ts): `$`, `.name`,
 * `["odd key"]`, `[0]`, `[-1]`, `[*]` / `.*` (every child) and `..name` / `..*` (at any depth).
 * Pure, bounded by the value's size.
 */

type Segment =
  { kind: "key"; name: string; deep: boolean } | { kind: "index"; index: number; deep: boolean } | { kind: "all"; deep: boolean };

export class JsonPathError extends Error {}

export function parseJsonPath(path: string): Segment[] {
  if (!path.startsWith("$")) throw new JsonPathError(`"${path}" does not start with $`);
  const out: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    let deep = false;
    if (path.startsWith("..", i)) {
      deep = true;
      i += 2;
    } else if (path[i] === ".") i += 1;
    else if (path[i] !== "[") throw new JsonPathError(`"${path}": unexpected "${path[i]}" at ${i}`);
    if (path[i] === "[") {
      const end = path.indexOf("]", i);
      if (end < 0) throw new JsonPathError(`"${path}": a [ is not closed`);
      const inner = path.slice(i + 1, end).trim();
      i = end + 1;
      if (inner === "*") out.push({ kind: "all", deep });
      else if (/^-?\d+$/.test(inner)) out.push({ kind: "index", index: Number(inner), deep });
      else if (/^(".*"|'.*')$/.test(inner)) out.push({ kind: "key", name: inner.slice(1, -1), deep });
      else throw new JsonPathError(`"${path}": [${inner}] is not an index, * or a quoted key`);
      continue;
    }
    const match = /^[^.[]+/.exec(path.slice(i));
    if (!match) throw new JsonPathError(`"${path}": a name is missing at ${i}`);
    i += match[0].length;
    out.push(match[0] === "*" ? { kind: "all", deep } : { kind: "key", name: match[0], deep });
  }
  return out;
}

export interface PathMatch {
  path: JsonPath;
  value: unknown;
}

function children(value: unknown, at: JsonPath): PathMatch[] {
  if (Array.isArray(value)) return value.map((v: unknown, i) => ({ path: [...at, i], value: v }));
  if (isRecord(value)) return Object.entries(value).map(([k, v]) => ({ path: [...at, k], value: v }));
  return [];
}

function step(match: PathMatch, segment: Segment): PathMatch[] {
  const { value, path } = match;
  if (segment.kind === "all") return children(value, path);
  if (segment.kind === "index") {
    if (!Array.isArray(value)) return [];
    const index = segment.index < 0 ? value.length + segment.index : segment.index;
    return index >= 0 && index < value.length ? [{ path: [...path, index], value: value[index] as unknown }] : [];
  }
  return isRecord(value) && Object.hasOwn(value, segment.name) ? [{ path: [...path, segment.name], value: value[segment.name] }] : [];
}

/** Every node at or under `match`, itself first (for `..`). */
function descendants(match: PathMatch): PathMatch[] {
  const out: PathMatch[] = [];
  const stack = [match];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...children(next.value, next.path).reverse());
  }
  return out;
}

/** Most nodes one step of a path may hold: a path is a user's text, and a value can be large. */
export const MAX_PATH_MATCHES = 100_000;

/**
 * Each node once, first seen first: chained `..` steps select a node through each of its ancestors,
 * and without this a 4-step path on a value 60 levels deep took 4.8 s, a 5-step one over a minute.
 */
function unique(matches: readonly PathMatch[]): PathMatch[] {
  const seen = new Set<string>();
  const out: PathMatch[] = [];
  for (const m of matches) {
    const key = JSON.stringify(m.path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  if (out.length > MAX_PATH_MATCHES)
    throw new JsonPathError(`The path selects more than ${MAX_PATH_MATCHES.toLocaleString("en-US")} nodes`);
  return out;
}

/** The nodes a path selects, in document order. Throws JsonPathError on a path it cannot read. */
export function selectPath(value: unknown, path: string): PathMatch[] {
  let matches: PathMatch[] = [{ path: [], value }];
  for (const segment of parseJsonPath(path)) {
    const from = segment.deep ? unique(topMost(matches).flatMap(descendants)) : matches;
    matches = unique(from.flatMap((m) => step(m, segment)));
  }
  return matches;
}

/** The matches no other match contains: the descendants of the others are among theirs. */
function topMost(matches: readonly PathMatch[]): PathMatch[] {
  const keys = new Set(matches.map((m) => JSON.stringify(m.path)));
  return matches.filter((m) => !m.path.some((_, i) => keys.has(JSON.stringify(m.path.slice(0, i)))));
}

function childAt(node: unknown, key: string | number): unknown {
  if (Array.isArray(node) && typeof key === "number") return node[key] as unknown;
  return isRecord(node) && typeof key === "string" ? node[key] : undefined;
}

function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneJson(v)]));
  return value;
}

/** What stands in an array slot whose value is ignored (the slot stays, so later indices still align). */
export const IGNORED = "‹ignored›";

/** A copy without what `paths` select: object keys removed, array items replaced by IGNORED. */
export function withoutPaths(value: unknown, paths: readonly string[]): unknown {
  const copy = cloneJson(value);
  for (const path of paths) {
    // Deepest first, so removing one node does not move another that is still to be removed.
    const found = selectPath(copy, path).sort((a, b) => b.path.length - a.path.length);
    for (const { path: at } of found) {
      if (at.length === 0) return IGNORED;
      const parent = at.slice(0, -1).reduce<unknown>(childAt, copy);
      const last = at.at(-1)!;
      if (Array.isArray(parent) && typeof last === "number") parent[last] = IGNORED;
      else if (isRecord(parent) && typeof last === "string") delete parent[last];
    }
  }
  return copy;
}
