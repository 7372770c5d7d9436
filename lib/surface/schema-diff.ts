import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { at, sameJson, shown } from "./changes";
import type { SurfaceChange } from "./changes";
import { ANNOTATION_KEYS, asBranches, branchesOf, branchText, pairBranches } from "./schema-branches";
import type { Branches } from "./schema-branches";
import { resolveRefs } from "./schema-refs";

/*
 * Two JSON Schemas of one tool, compared for who relies on them. An input schema is what the
 * server accepts: accepting less (a new required argument, a narrower type or enum, a removed
 * argument) breaks callers. An output schema is what the server promises: promising less (a
 * required field removed, a wider type or enum) breaks readers. Local `$ref`s are resolved first
 * (schema-refs.ts); `anyOf` / `oneOf` / `allOf` branches are paired and compared (schema-branches.ts);
 * any other keyword an input schema adds or changes is breaking: it could not be proved compatible.
 */

export type SchemaDirection = "input" | "output";

interface Ctx {
  direction: SchemaDirection;
  /** "Tool `add`" */
  owner: string;
  out: SurfaceChange[];
}

const TEXT_KEYS = new Set(["description", "title", "examples", "$comment"]);
const HANDLED = new Set(["type", "enum", "const", "properties", "required", "items", "additionalProperties"]);
/** Lower bounds (raised = accepts less) and upper bounds (lowered = accepts less). */
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

function typesOf(schema: JsonRecord): string[] | null {
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return null;
}

/** Whether a schema of types `wide` accepts every value of type `t` (an integer is a number). */
function accepts(wide: string[] | null, t: string): boolean {
  return wide === null || wide.includes(t) || (t === "integer" && wide.includes("number"));
}

function valuesOf(schema: JsonRecord): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return null;
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
}

function subject(ctx: Ctx, field: string): string {
  if (!field) return ctx.direction === "input" ? "the arguments" : "the output";
  return ctx.direction === "input" ? `argument \`${field}\`` : `output field \`${field}\``;
}

function push(ctx: Ctx, kind: SurfaceChange["kind"], path: string, sentence: string) {
  ctx.out.push({ kind, path, message: `${ctx.owner}: ${sentence}` });
}

/** A narrowing is breaking for an input, a widening for an output. */
function narrowing(ctx: Ctx, narrowed: boolean): SurfaceChange["kind"] {
  return (ctx.direction === "input") === narrowed ? "breaking" : "change";
}

function diffTypes(a: JsonRecord, b: JsonRecord, path: string, field: string, ctx: Ctx) {
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (sameJson(ta, tb)) return;
  const lost = ta === null ? tb !== null : ta.some((t) => !accepts(tb, t));
  const gained = tb === null ? ta !== null : tb.some((t) => !accepts(ta, t));
  const was = ta === null ? "any type" : ta.join(" | ");
  const now = tb === null ? "any type" : tb.join(" | ");
  const what = subject(ctx, field);
  if (ctx.direction === "input") {
    if (lost) push(ctx, "breaking", at(path, "type"), `${what} now takes ${now} (was ${was}): calls that sent ${was} fail.`);
    else if (gained) push(ctx, "change", at(path, "type"), `${what} now also takes ${now} (was ${was}).`);
  } else {
    if (gained) push(ctx, "breaking", at(path, "type"), `${what} may now be ${now} (was ${was}): readers that expect ${was} break.`);
    else if (lost) push(ctx, "change", at(path, "type"), `${what} is now only ${now} (was ${was}).`);
  }
}

function diffValues(a: JsonRecord, b: JsonRecord, path: string, field: string, ctx: Ctx) {
  const va = valuesOf(a);
  const vb = valuesOf(b);
  if (sameJson(va, vb)) return;
  const p = at(path, Array.isArray(b.enum) || Array.isArray(a.enum) ? "enum" : "const");
  const key = (v: unknown) => JSON.stringify(v);
  const removed = va === null ? [] : va.filter((v) => !vb?.some((w) => key(w) === key(v)));
  const added = vb === null ? [] : vb.filter((v) => !va?.some((w) => key(w) === key(v)));
  const what = subject(ctx, field);
  if (vb !== null && (va === null || removed.length)) {
    const sentence = va === null ? `${what} now only takes ${shown(vb)}.` : `${what} no longer takes ${removed.map(shown).join(", ")}.`;
    push(
      ctx,
      narrowing(ctx, true),
      p,
      ctx.direction === "input" ? sentence : `${what} is no longer ${removed.map(shown).join(", ") || "free"}.`,
    );
  }
  if (va !== null && (vb === null || added.length)) {
    const values = vb === null ? "any value" : added.map(shown).join(", ");
    push(ctx, narrowing(ctx, false), p, ctx.direction === "input" ? `${what} now also takes ${values}.` : `${what} may now be ${values}.`);
  }
}

function diffBounds(a: JsonRecord, b: JsonRecord, path: string, field: string, ctx: Ctx) {
  for (const key of [...LOWER, ...UPPER]) {
    const x = a[key];
    const y = b[key];
    if (sameJson(x, y)) continue;
    const lower = LOWER.includes(key);
    const xn = typeof x === "number" ? x : lower ? -Infinity : Infinity;
    const yn = typeof y === "number" ? y : lower ? -Infinity : Infinity;
    const narrowed = lower ? yn > xn : yn < xn;
    const kind = ctx.direction === "input" && narrowed ? "breaking" : "change";
    push(ctx, kind, at(path, key), `${subject(ctx, field)}: ${key} ${shown(x)} → ${shown(y)}.`);
  }
}

function diffObject(a: JsonRecord, b: JsonRecord, path: string, field: string, ctx: Ctx) {
  const pa = isRecord(a.properties) ? a.properties : {};
  const pb = isRecord(b.properties) ? b.properties : {};
  const ra = new Set(names(a.required));
  const rb = new Set(names(b.required));
  const child = (key: string) => (field ? `${field}.${key}` : key);
  const props = at(path, "properties");
  for (const key of Object.keys(pa)) {
    if (key in pb) continue;
    const what = subject(ctx, child(key));
    if (ctx.direction === "input") push(ctx, "breaking", at(props, key), `${what} was removed: calls that send it may be refused.`);
    else push(ctx, ra.has(key) ? "breaking" : "change", at(props, key), `${what} was removed${ra.has(key) ? " (it was required)" : ""}.`);
  }
  for (const key of Object.keys(pb)) {
    if (key in pa) continue;
    const what = subject(ctx, child(key));
    if (ctx.direction === "input" && rb.has(key)) push(ctx, "breaking", at(props, key), `new required ${what}: calls without it fail.`);
    else push(ctx, "addition", at(props, key), `new ${rb.has(key) ? "" : "optional "}${what}.`);
  }
  for (const key of Object.keys(pa)) {
    if (!(key in pb)) continue;
    const was = ra.has(key);
    const now = rb.has(key);
    const what = subject(ctx, child(key));
    if (!was && now) push(ctx, ctx.direction === "input" ? "breaking" : "change", at(path, "required"), `${what} is now required.`);
    if (was && !now)
      push(
        ctx,
        ctx.direction === "output" ? "breaking" : "change",
        at(path, "required"),
        `${what} is no longer required${ctx.direction === "output" ? ": it may be missing" : ""}.`,
      );
    diffNode(pa[key], pb[key], at(props, key), child(key), ctx);
  }
  if (a.additionalProperties !== false && b.additionalProperties === false && ctx.direction === "input")
    push(ctx, "breaking", at(path, "additionalProperties"), `${subject(ctx, field)}: fields it does not list are no longer accepted.`);
  else if (
    !sameJson(a.additionalProperties, b.additionalProperties) &&
    !(isRecord(a.additionalProperties) && isRecord(b.additionalProperties))
  )
    push(
      ctx,
      "change",
      at(path, "additionalProperties"),
      `${subject(ctx, field)}: additionalProperties ${shown(a.additionalProperties)} → ${shown(b.additionalProperties)}.`,
    );
  if (isRecord(a.additionalProperties) && isRecord(b.additionalProperties))
    diffNode(a.additionalProperties, b.additionalProperties, at(path, "additionalProperties"), `${field || ""}[*]`, ctx);
}

const UNPROVEN = "could not prove compatible";

/** An alternative (anyOf / oneOf) narrows when a branch goes; allOf narrows when one comes. */
function diffBranches(x: Branches, y: Branches, path: string, field: string, ctx: Ctx) {
  const what = subject(ctx, field);
  const all = y.keyword === "allOf";
  const p = at(path, y.keyword);
  if (x.keyword !== y.keyword) {
    const narrowed = x.keyword === "anyOf" && y.keyword === "oneOf";
    push(ctx, narrowing(ctx, narrowed), at(path, x.keyword), `${what}: ${x.keyword} → ${y.keyword}${narrowed ? ` (${UNPROVEN})` : ""}.`);
  }
  const { pairs, removed, added } = pairBranches(x.items, y.items);
  for (const [i, j] of pairs) diffNode(x.items[i], y.items[j], `${p}[${j}]`, field, ctx);
  // A branch that takes anything ({} or true) covers every branch that went.
  const coveredAll = !all && y.items.some((b) => b === true || (isRecord(b) && !Object.keys(b).length));
  for (const i of coveredAll ? [] : removed) {
    const text = branchText(x.items[i]);
    const sentence = all
      ? `${what} no longer has to match ${text}.`
      : ctx.direction === "input"
        ? `${what} no longer accepts ${text}: calls that sent it fail.`
        : `${what} is no longer ${text}.`;
    push(ctx, narrowing(ctx, !all), `${at(path, x.keyword)}[${i}]`, sentence);
  }
  for (const j of added) {
    const text = branchText(y.items[j]);
    const sentence = all
      ? `${what} must now also match ${text}.`
      : ctx.direction === "input"
        ? `${what} now also accepts ${text}.`
        : `${what} may now be ${text}: readers that do not expect it break.`;
    const kind = narrowing(ctx, all);
    push(ctx, kind === "change" && !all && ctx.direction === "input" ? "addition" : kind, `${p}[${j}]`, sentence);
  }
}

/** Both sides with their branches: a side without any is one branch (pydantic's Optional[X] made X). */
function withBranches(a: JsonRecord, b: JsonRecord): [JsonRecord, JsonRecord, Branches, Branches] | null {
  const x = branchesOf(a);
  const y = branchesOf(b);
  const wrap = (s: JsonRecord, keyword: Branches["keyword"]): [JsonRecord, Branches] => {
    const items = asBranches(s);
    const kept = Object.fromEntries(Object.entries(s).filter(([k]) => ANNOTATION_KEYS.has(k)));
    return [
      { ...kept, [keyword]: items },
      { keyword, items },
    ];
  };
  if (x && y) return [a, b, x, y];
  if (x) {
    const [b2, y2] = wrap(b, x.keyword);
    return [a, b2, x, y2];
  }
  if (!y) return null;
  const [a2, x2] = wrap(a, y.keyword);
  return [a2, b, x2, y];
}

/** Compares two schemas (any JSON value; a non-object schema is compared as a whole). */
export function diffNode(a0: unknown, b0: unknown, path: string, field: string, ctx: Ctx): void {
  if (sameJson(a0, b0)) return;
  if (!isRecord(a0) || !isRecord(b0)) {
    const unproven = ctx.direction === "input" && b0 !== true && !(isRecord(b0) && !Object.keys(b0).length);
    push(
      ctx,
      unproven ? "breaking" : "change",
      path,
      `${subject(ctx, field)}: schema ${shown(a0)} → ${shown(b0)}${unproven ? ` (${UNPROVEN})` : ""}.`,
    );
    return;
  }
  let [a, b] = [a0, b0];
  const branched = withBranches(a0, b0);
  const mixed = branched && (branched[2].keyword === "allOf") !== (branched[3].keyword === "allOf");
  if (branched && !mixed) {
    [a, b] = [branched[0], branched[1]];
    diffBranches(branched[2], branched[3], path, field, ctx);
  }
  diffTypes(a, b, path, field, ctx);
  diffValues(a, b, path, field, ctx);
  diffBounds(a, b, path, field, ctx);
  diffObject(a, b, path, field, ctx);
  if (!sameJson(a.items, b.items)) diffNode(a.items ?? {}, b.items ?? {}, at(path, "items"), `${field}[]`, ctx);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HANDLED.has(key) || LOWER.includes(key) || UPPER.includes(key) || sameJson(a[key], b[key])) continue;
    if (branched && !mixed && key === branched[2].keyword) continue;
    if (branched && !mixed && key === branched[3].keyword) continue;
    const sentence = `${subject(ctx, field)}: ${key} ${shown(a[key])} → ${shown(b[key])}`;
    // A keyword an input schema adds or changes may refuse what was accepted: not proved otherwise.
    const narrows = ctx.direction === "input" && !ANNOTATION_KEYS.has(key) && b[key] !== undefined;
    const proved = key === "pattern" || key === "format";
    if (TEXT_KEYS.has(key)) push(ctx, "cosmetic", at(path, key), `${sentence}.`);
    else if (narrows) push(ctx, "breaking", at(path, key), `${sentence}${proved ? "" : ` (${UNPROVEN})`}.`);
    else push(ctx, "change", at(path, key), `${sentence}.`);
  }
}

/** The changes between two schemas of `owner` ("Tool `add`"), for callers (input) or readers (output). */
export function diffSchemas(a: unknown, b: unknown, path: string, owner: string, direction: SchemaDirection): SurfaceChange[] {
  const ctx: Ctx = { direction, owner, out: [] };
  diffNode(resolveRefs(a), resolveRefs(b), path, "", ctx);
  return ctx.out;
}
