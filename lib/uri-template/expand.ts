import { parseTemplate } from "./parse";
import type { Operator, ParsedTemplate, VarSpec } from "./parse";

/**
 * A variable's value (RFC 6570 §2.3): a string, a list, or an associative array (an object, or
 * an array of [key, value] pairs when order or duplicate keys matter). Numbers and booleans are
 * used as their string form; null / undefined, an empty list and an empty object are "undefined"
 * and leave the variable out.
 */
export type TemplateValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[]
  | Readonly<Record<string, string | number | boolean | null | undefined>>
  | { pairs: readonly (readonly [string, string])[] };

export type TemplateValues = Readonly<Record<string, TemplateValue>>;

interface OperatorRule {
  first: string;
  sep: string;
  named: boolean;
  /** What follows a named variable whose value is empty. */
  ifEmpty: string;
  /** Reserved characters and pct-triplets pass through unencoded (U+R). */
  allowReserved: boolean;
}

/** RFC 6570 Appendix A, table of operator behaviour. */
const RULES: Record<Operator, OperatorRule> = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function pctEncodeChar(ch: string): string {
  // A lone surrogate has no UTF-8 form; encode the replacement character instead of throwing.
  try {
    return encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return "%EF%BF%BD";
  }
}

/** Percent-encodes everything but unreserved characters (and, for U+R, reserved ones and pct-triplets). */
export function encodeValue(value: string, allowReserved: boolean): string {
  let out = "";
  const chars = Array.from(value);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (UNRESERVED.test(ch)) out += ch;
    else if (allowReserved && RESERVED.test(ch)) out += ch;
    else if (allowReserved && ch === "%" && /^[0-9A-Fa-f]$/.test(chars[i + 1] ?? "") && /^[0-9A-Fa-f]$/.test(chars[i + 2] ?? "")) {
      out += ch + chars[i + 1] + chars[i + 2];
      i += 2;
    } else out += pctEncodeChar(ch);
  }
  return out;
}

/** Literal text is copied; characters not allowed in a URI are pct-encoded (§3.1). */
function encodeLiteral(text: string): string {
  return encodeValue(text, true);
}

type Normalized = { kind: "string"; value: string } | { kind: "list"; items: string[] } | { kind: "pairs"; pairs: [string, string][] };

function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

function normalize(value: TemplateValue): Normalized | undefined {
  const s = scalar(value);
  if (s !== undefined) return { kind: "string", value: s };
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(scalar).filter((v): v is string => v !== undefined);
    return items.length ? { kind: "list", items } : undefined;
  }
  if (typeof value === "object" && "pairs" in value && Array.isArray(value.pairs)) {
    const pairs = value.pairs.map(([k, v]): [string, string] => [k, v]);
    return pairs.length ? { kind: "pairs", pairs } : undefined;
  }
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) {
    const s2 = scalar(v);
    if (s2 !== undefined) pairs.push([k, s2]);
  }
  return pairs.length ? { kind: "pairs", pairs } : undefined;
}

function expandVar(spec: VarSpec, value: Normalized, rule: OperatorRule): string {
  const enc = (s: string) => encodeValue(s, rule.allowReserved);
  const named = (text: string, empty: boolean) => (rule.named ? `${spec.name}${empty ? rule.ifEmpty : "="}` : "") + text;
  if (value.kind === "string") {
    // Prefix counts Unicode characters, not UTF-16 units or bytes.
    const v = spec.prefix !== undefined ? Array.from(value.value).slice(0, spec.prefix).join("") : value.value;
    return named(enc(v), value.value === "");
  }
  if (!spec.explode) {
    const joined = value.kind === "list" ? value.items.map(enc).join(",") : value.pairs.map(([k, v]) => `${enc(k)},${enc(v)}`).join(",");
    return named(joined, false);
  }
  if (value.kind === "list") {
    if (!rule.named) return value.items.map(enc).join(rule.sep);
    return value.items.map((item) => `${spec.name}${item === "" ? rule.ifEmpty : `=${enc(item)}`}`).join(rule.sep);
  }
  if (!rule.named) return value.pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join(rule.sep);
  return value.pairs.map(([k, v]) => `${enc(k)}${v === "" ? rule.ifEmpty : `=${enc(v)}`}`).join(rule.sep);
}

/** Expands a template (string or parsed) with the given values; throws UriTemplateError if malformed. */
export function expandTemplate(template: string | ParsedTemplate, values: TemplateValues): string {
  const parsed = typeof template === "string" ? parseTemplate(template) : template;
  let out = "";
  for (const part of parsed.parts) {
    if (part.type === "literal") {
      out += encodeLiteral(part.text);
      continue;
    }
    const rule = RULES[part.operator];
    const pieces: string[] = [];
    for (const spec of part.vars) {
      const value = Object.hasOwn(values, spec.name) ? normalize(values[spec.name]) : undefined;
      if (value) pieces.push(expandVar(spec, value, rule));
    }
    if (pieces.length) out += rule.first + pieces.join(rule.sep);
  }
  return out;
}
