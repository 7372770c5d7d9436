/**
 * RFC 6570 URI Template parsing (levels 1–4). Pure: shared by the server (nothing yet) and the
 * Resources tab, which builds one input per variable of a resource template and expands it live.
 */

export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

export interface VarSpec {
  name: string;
  /** `{var*}` */
  explode: boolean;
  /** `{var:3}`: at most this many characters of a string value. */
  prefix?: number;
}

export type TemplatePart = { type: "literal"; text: string } | { type: "expression"; operator: Operator; vars: VarSpec[]; raw: string };

export interface ParsedTemplate {
  template: string;
  parts: TemplatePart[];
}

/** A template that is not valid RFC 6570, with the character position of the problem. */
export class UriTemplateError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = "UriTemplateError";
  }
}

const OPERATORS = new Set<string>(["+", "#", ".", "/", ";", "?", "&"]);
/** Operator characters the RFC reserves for future extensions (§2.2): a template using them is invalid. */
function isOperator(c: string): c is Operator {
  return OPERATORS.has(c);
}

const RESERVED_OPERATORS = new Set<string>(["=", ",", "!", "@", "|"]);
/** varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const MAX_PREFIX = 9999;

function parseVarSpec(spec: string, position: number): VarSpec {
  let name = spec;
  let explode = false;
  let prefix: number | undefined;
  if (spec.endsWith("*")) {
    explode = true;
    name = spec.slice(0, -1);
  } else {
    const colon = spec.indexOf(":");
    if (colon !== -1) {
      name = spec.slice(0, colon);
      const digits = spec.slice(colon + 1);
      if (!/^[1-9][0-9]{0,3}$/.test(digits)) {
        throw new UriTemplateError(`Invalid prefix length "${digits}" in "{${spec}}" (1–${MAX_PREFIX})`, position);
      }
      prefix = Number(digits);
    }
  }
  if (!VARNAME.test(name)) {
    throw new UriTemplateError(`Invalid variable name "${name}"`, position);
  }
  return prefix === undefined ? { name, explode } : { name, explode, prefix };
}

function parseExpression(body: string, position: number): TemplatePart {
  const raw = `{${body}}`;
  if (body.length === 0) throw new UriTemplateError("Empty expression {}", position);
  let operator: Operator = "";
  let rest = body;
  const first = body[0]!;
  if (isOperator(first)) {
    operator = first;
    rest = body.slice(1);
  } else if (RESERVED_OPERATORS.has(first)) {
    throw new UriTemplateError(`The operator "${first}" is reserved and not supported`, position);
  }
  if (rest.length === 0) throw new UriTemplateError(`Expression ${raw} names no variable`, position);
  const vars = rest.split(",").map((spec) => parseVarSpec(spec, position));
  return { type: "expression", operator, vars, raw };
}

/** Splits a template into literals and expressions; throws UriTemplateError when it is malformed. */
export function parseTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  let literal = "";
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    if (ch === "}") throw new UriTemplateError(`Unmatched "}" at position ${i}`, i);
    if (ch !== "{") {
      literal += ch;
      i++;
      continue;
    }
    const close = template.indexOf("}", i + 1);
    if (close === -1) throw new UriTemplateError(`Unclosed "{" at position ${i}`, i);
    const body = template.slice(i + 1, close);
    if (body.includes("{")) throw new UriTemplateError(`Nested "{" at position ${i}`, i);
    if (literal) parts.push({ type: "literal", text: literal });
    literal = "";
    parts.push(parseExpression(body, i));
    i = close + 1;
  }
  if (literal) parts.push({ type: "literal", text: literal });
  return { template, parts };
}

/** Variable names in order of first appearance, each once. */
export function variableNames(template: string | ParsedTemplate): string[] {
  const parsed = typeof template === "string" ? parseTemplate(template) : template;
  const names: string[] = [];
  for (const part of parsed.parts) {
    if (part.type !== "expression") continue;
    for (const v of part.vars) if (!names.includes(v.name)) names.push(v.name);
  }
  return names;
}

/**
 * The variables a URI cannot do without: those in simple, reserved, label and path-segment
 * expressions (`{x}`, `{+x}`, `{.x}`, `{/x}`). RFC 6570 expands an undefined one to nothing, which
 * leaves an empty path segment or a bare "." — never what the user meant. Query, parameter and
 * fragment expressions (`{?x}`, `{&x}`, `{;x}`, `{#x}`) simply leave the variable out.
 */
export function requiredVariableNames(template: string | ParsedTemplate): string[] {
  const parsed = typeof template === "string" ? parseTemplate(template) : template;
  const names: string[] = [];
  for (const part of parsed.parts) {
    if (part.type !== "expression" || !PATH_OPERATORS.has(part.operator)) continue;
    for (const v of part.vars) if (!names.includes(v.name)) names.push(v.name);
  }
  return names;
}
const PATH_OPERATORS = new Set<Operator>(["", "+", ".", "/"]);

/** Like parseTemplate, but a malformed template is a value instead of an exception (for the UI). */
export function tryParseTemplate(template: string): { ok: true; parsed: ParsedTemplate } | { ok: false; error: UriTemplateError } {
  try {
    return { ok: true, parsed: parseTemplate(template) };
  } catch (error) {
    if (error instanceof UriTemplateError) return { ok: false, error };
    throw error;
  }
}
