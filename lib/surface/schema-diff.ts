import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { at, sameJson, shown } from "./changes";
import type { SurfaceChange } from "./changes";

/*
 * Two JSON Schemas of one tool, compared for who relies on them. An input schema is what the
 * server accepts: accepting less (a new required argument, a narrower type or enum, a removed
 * argument) breaks callers. An output schema is what the server promises: promising less (a
 * required field removed, a wider type or enum) breaks readers.
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

/** Compares two schemas (any JSON value; a non-object schema is compared as a whole). */
export function diffNode(a: unknown, b: unknown, path: string, field: string, ctx: Ctx): void {
  if (sameJson(a, b)) return;
  if (!isRecord(a) || !isRecord(b)) {
    push(ctx, "change", path, `${subject(ctx, field)}: schema ${shown(a)} → ${shown(b)}.`);
    return;
  }
  diffTypes(a, b, path, field, ctx);
  diffValues(a, b, path, field, ctx);
  diffBounds(a, b, path, field, ctx);
  diffObject(a, b, path, field, ctx);
  if (!sameJson(a.items, b.items)) diffNode(a.items ?? {}, b.items ?? {}, at(path, "items"), `${field}[]`, ctx);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HANDLED.has(key) || LOWER.includes(key) || UPPER.includes(key) || sameJson(a[key], b[key])) continue;
    const sentence = `${subject(ctx, field)}: ${key} ${shown(a[key])} → ${shown(b[key])}.`;
    const narrows = ctx.direction === "input" && (key === "pattern" || key === "format") && b[key] !== undefined;
    push(ctx, TEXT_KEYS.has(key) ? "cosmetic" : narrows ? "breaking" : "change", at(path, key), sentence);
  }
}

/** The changes between two schemas of `owner` ("Tool `add`"), for callers (input) or readers (output). */
export function diffSchemas(a: unknown, b: unknown, path: string, owner: string, direction: SchemaDirection): SurfaceChange[] {
  const ctx: Ctx = { direction, owner, out: [] };
  diffNode(a, b, path, "", ctx);
  return ctx.out;
}
