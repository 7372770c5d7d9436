import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { sameJson, shown } from "./changes";

/*
 * The branches of an `anyOf` / `oneOf` / `allOf`, paired across two versions of a schema so each
 * pair is compared as a schema and what is left over is a branch removed or added. Pairs: the same
 * branch first, then the most alike (the same type, shared const / enum values, shared property
 * names and discriminator values).
 */

export const BRANCH_KEYWORDS = ["anyOf", "oneOf", "allOf"] as const;
export type BranchKeyword = (typeof BRANCH_KEYWORDS)[number];

/** Keywords that say nothing about which values a schema accepts. */
export const ANNOTATION_KEYS = new Set([
  "description",
  "title",
  "examples",
  "$comment",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "$anchor",
]);

export interface Branches {
  keyword: BranchKeyword;
  items: unknown[];
}

/** The schema's `anyOf` / `oneOf` (an alternative) or `allOf`, if it has one. */
export function branchesOf(schema: JsonRecord): Branches | null {
  for (const keyword of BRANCH_KEYWORDS) {
    const items = schema[keyword];
    if (Array.isArray(items)) return { keyword, items };
  }
  return null;
}

/** A schema as one branch: itself without its annotations; `type: [a, b]` alone is a branch per type. */
export function asBranches(schema: JsonRecord): unknown[] {
  const core = Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATION_KEYS.has(k)));
  const keys = Object.keys(core);
  if (keys.length === 1 && keys[0] === "type" && Array.isArray(core.type)) return core.type.map((t) => ({ type: t }));
  return [core];
}

function typesOf(s: JsonRecord): string[] {
  if (typeof s.type === "string") return [s.type];
  return Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === "string") : [];
}

function valuesOf(s: JsonRecord): string[] {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v));
  return "const" in s ? [JSON.stringify(s.const)] : [];
}

function overlap(a: readonly string[], b: readonly string[]): number {
  return a.filter((x) => b.includes(x)).length;
}

/** How alike two branches are: 0 when they have nothing in common. */
function likeness(a: unknown, b: unknown): number {
  if (!isRecord(a) || !isRecord(b)) return 0;
  let score = overlap(typesOf(a), typesOf(b)) * 4 + overlap(valuesOf(a), valuesOf(b)) * 8;
  const pa = isRecord(a.properties) ? a.properties : {};
  const pb = isRecord(b.properties) ? b.properties : {};
  for (const key of Object.keys(pa)) {
    if (!(key in pb)) continue;
    const [x, y] = [pa[key], pb[key]];
    // A discriminator (`kind: {const: "circle"}`) that matches says more than any other property.
    score += 1 + (isRecord(x) && isRecord(y) ? overlap(valuesOf(x), valuesOf(y)) * 16 : 0);
  }
  if (typeof a.$ref === "string" && a.$ref === b.$ref) score += 8;
  return score;
}

export interface Pairing {
  /** [index in a, index in b] */
  pairs: [number, number][];
  removed: number[];
  added: number[];
}

/** Pairs the branches of `a` with those of `b`: equal ones, then the most alike, greedily. */
export function pairBranches(a: readonly unknown[], b: readonly unknown[]): Pairing {
  const taken = new Set<number>();
  const pairs: [number, number][] = [];
  const left: number[] = [];
  a.forEach((x, i) => {
    const j = b.findIndex((y, k) => !taken.has(k) && sameJson(x, y));
    if (j < 0) return left.push(i);
    taken.add(j);
    pairs.push([i, j]);
  });
  const removed: number[] = [];
  for (const i of left) {
    let best = -1;
    let bestScore = 0;
    b.forEach((y, k) => {
      const score = taken.has(k) ? 0 : likeness(a[i], y);
      if (score > bestScore) [best, bestScore] = [k, score];
    });
    if (best < 0) removed.push(i);
    else {
      taken.add(best);
      pairs.push([i, best]);
    }
  }
  const added = b.map((_, k) => k).filter((k) => !taken.has(k));
  return { pairs: pairs.sort((x, y) => x[1] - y[1]), removed, added };
}

/** A branch in a few words: its values, its type, or its JSON. */
export function branchText(branch: unknown): string {
  if (!isRecord(branch)) return shown(branch);
  const values = valuesOf(branch);
  if (values.length) return values.join(" | ");
  const types = typesOf(branch);
  if (types.length && Object.keys(branch).length === 1) return types.join(" | ");
  if (types.includes("object") && isRecord(branch.properties))
    return `an object with ${Object.keys(branch.properties).join(", ") || "no properties"}`;
  return shown(branch);
}
