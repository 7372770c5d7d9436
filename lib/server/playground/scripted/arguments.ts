import "server-only";
import { readFacts } from "./facts";
import { isSchema, type Built, type Ctx, type Schema } from "./fill-context";
import { buildString } from "./strings";
import { wordsOf } from "./words";

/**
 * Arguments for a tool, built from its JSON Schema and the user's message. Required fields
 * always get a value: one found in the message first (a city for `city`, "3 nights" for
 * `nights`, an option whose value or title the message names, a date, an e-mail…), then the
 * schema's default, example or "e.g." hint, then a sensible placeholder. Optional fields are
 * sent only when the message gives their value. Deterministic for a given message and day.
 */

const AMOUNT_WORDS = new Set(["amount", "value", "quantity", "price", "sum", "total", "count", "number", "n"]);
/** Words for currencies, so "100 dollars" can fill a currency code enum. */
const CURRENCY_ALIASES: Record<string, string> = {
  dollar: "USD",
  dollars: "USD",
  euro: "EUR",
  euros: "EUR",
  pound: "GBP",
  pounds: "GBP",
  yen: "JPY",
  franc: "CHF",
  francs: "CHF",
};

export function argumentsFor(inputSchema: unknown, message: string, today: Date = new Date()): Record<string, unknown> {
  const root = isSchema(inputSchema) ? inputSchema : {};
  const ctx: Ctx = { facts: readFacts(message), root, used: new Set(), today, depth: 0, strict: false };
  return buildObject(root, ctx)?.value ?? {};
}

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`). */
function deref(schema: Schema, ctx: Ctx): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === "string" && hops < 10; hops++) {
    const path = current.$ref.replace(/^#\/?/, "").split("/").filter(Boolean);
    let target: unknown = ctx.root;
    for (const key of path) target = isSchema(target) ? target[decodeURIComponent(key.replace(/~1/g, "/").replace(/~0/g, "~"))] : undefined;
    if (!isSchema(target)) return {};
    const { $ref: _ignored, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
}

function build(name: string, raw: Schema, required: boolean, ctx: Ctx): Built {
  if (ctx.depth > 8) return required ? { value: null, found: false } : undefined;
  const schema = deref(raw, ctx);
  if ("const" in schema) return { value: schema.const, found: false };
  const options = optionsOf(schema, ctx);
  if (options) return pickOption(name, schema, options, required, ctx);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return buildBranch(name, schema, branches.filter(isSchema), required, ctx);
  const type = typeOf(schema);
  switch (type) {
    case "object":
      return buildObject(schema, { ...ctx, depth: ctx.depth + 1, strict: ctx.strict || !required }, required);
    case "array":
      return buildArray(name, schema, required, ctx);
    case "integer":
    case "number":
      return buildNumber(name, schema, type, required, ctx);
    case "boolean":
      return required ? { value: typeof schema.default === "boolean" ? schema.default : false, found: false } : undefined;
    case "null":
      return required ? { value: null, found: false } : undefined;
    default:
      return buildString(name, schema, required, ctx);
  }
}

function typeOf(schema: Schema): string {
  const t = schema.type;
  if (typeof t === "string") return t;
  if (Array.isArray(t)) {
    const first: unknown = t.find((x) => x !== "null");
    return first == null ? "null" : String(first);
  }
  if (isSchema(schema.properties)) return "object";
  if (schema.items) return "array";
  return "string";
}

function buildObject(schema: Schema, ctx: Ctx, required = true): { value: Record<string, unknown>; found: boolean } | undefined {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  const values = new Map<string, unknown>();
  let found = false;
  // Required fields take the message's facts first; optional ones get what is left.
  const entries = Object.entries(properties).filter((e): e is [string, Schema] => isSchema(e[1]));
  const ordered = [...entries.filter(([k]) => requiredNames.has(k)), ...entries.filter(([k]) => !requiredNames.has(k))];
  for (const [key, sub] of ordered) {
    const built = build(key, sub, requiredNames.has(key), ctx);
    if (built === undefined) continue;
    if (!requiredNames.has(key) && !built.found) continue;
    values.set(key, built.value);
    found ||= built.found;
  }
  if (!required && !found) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key] of entries) if (values.has(key)) out[key] = values.get(key);
  return { value: out, found };
}

function buildArray(name: string, schema: Schema, required: boolean, ctx: Ctx): Built {
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  if (!isSchema(schema.items)) return required || minItems > 0 ? { value: [], found: false } : undefined;
  const item = build(name, schema.items, true, { ...ctx, depth: ctx.depth + 1 });
  if (!required && !item?.found) return undefined;
  return { value: item ? [item.value] : [], found: item?.found ?? false };
}

interface Option {
  value: unknown;
  title?: string;
}

function optionsOf(schema: Schema, ctx: Ctx): Option[] | null {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ value }));
  const branches = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const resolved = branches.filter(isSchema).map((b) => deref(b, ctx));
  if (!resolved.every((b) => "const" in b)) return null;
  return resolved.map((b) => ({ value: b.const, ...(typeof b.title === "string" ? { title: b.title } : {}) }));
}

/** The option the message names (by value, by a word of its title, or by a currency word), earliest first. */
function pickOption(name: string, schema: Schema, options: Option[], required: boolean, ctx: Ctx): Built {
  const message = ctx.facts.message.toLowerCase();
  let best: { option: Option; at: number } | null = null;
  for (const option of options) {
    const needles: string[] = [];
    if (typeof option.value === "string" || typeof option.value === "number") needles.push(String(option.value).toLowerCase());
    if (option.title)
      needles.push(
        ...option.title
          .split(/[,()]/)
          .map((s) => s.trim().toLowerCase())
          .filter((s) => s.length > 2),
      );
    for (const [alias, code] of Object.entries(CURRENCY_ALIASES)) if (code === option.value) needles.push(alias);
    for (const needle of needles) {
      for (const m of message.matchAll(new RegExp(`(?<![\\p{L}\\d])${escape(needle)}(?![\\p{L}\\d])`, "gu"))) {
        const at = m.index ?? 0;
        if (ctx.used.has(at)) continue;
        if (!best || at < best.at) best = { option, at };
        break;
      }
    }
  }
  if (best) {
    ctx.used.add(best.at);
    return { value: best.option.value, found: true };
  }
  if (!required) return undefined;
  return { value: "default" in schema ? schema.default : options[0]?.value, found: false };
}

/** anyOf / oneOf of shapes: the branch whose title the message names, else the first that is not null. */
function buildBranch(name: string, schema: Schema, branches: Schema[], required: boolean, ctx: Ctx): Built {
  if (!required) return undefined;
  if ("default" in schema) return { value: schema.default, found: false };
  const message = ctx.facts.message.toLowerCase();
  const resolved = branches.map((b) => deref(b, ctx));
  const named = resolved.find((b) => typeof b.title === "string" && message.includes(b.title.toLowerCase()));
  const branch = named ?? resolved.find((b) => typeOf(b) !== "null") ?? resolved[0];
  return branch ? build(name, branch, true, ctx) : { value: null, found: false };
}

function buildNumber(name: string, schema: Schema, type: string, required: boolean, ctx: Ctx): Built {
  const words = new Set(wordsOf(name));
  const free = ctx.facts.numbers.filter((n) => !ctx.used.has(n.at));
  // "3 nights", "nights: 3", "for 2 adults"; amounts take the first number left.
  const near = free.find((n) => words.has(singularOf(n.after)) || words.has(singularOf(n.before)));
  const hit = near ?? (required && !ctx.strict && [...words].some((w) => AMOUNT_WORDS.has(w)) ? free[0] : undefined);
  if (hit) {
    ctx.used.add(hit.at);
    return { value: clampNumber(hit.value, schema, type), found: true };
  }
  if (!required) return undefined;
  if (typeof schema.default === "number") return { value: schema.default, found: false };
  const min =
    typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1;
  return { value: clampNumber(Math.max(min, 1), schema, type), found: false };
}

function singularOf(word: string): string {
  return wordsOf(word)[0] ?? word;
}

function clampNumber(value: number, schema: Schema, type: string): number {
  let v = type === "integer" ? Math.round(value) : value;
  if (typeof schema.maximum === "number") v = Math.min(v, schema.maximum);
  if (typeof schema.minimum === "number") v = Math.max(v, schema.minimum);
  return v;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
