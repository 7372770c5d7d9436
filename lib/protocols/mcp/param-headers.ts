import { isRecord } from "@/lib/values";

/**
 * SEP-2243 custom headers (MCP 2026-07-28, Streamable HTTP): a tool's input schema may mark a
 * property with `x-mcp-header: "<Name>"`; a client then mirrors that argument into an
 * `Mcp-Param-<Name>` header on the tools/call POST, so gateways can route without reading the
 * body. A tool whose declarations break the rules must be left out of the tool list (the server
 * would refuse its calls anyway).
 *
 * The rules, as the spec states them: the marked property is reached from the schema root
 * through `properties` alone (not under items, combinators, $defs or $ref); the name is a
 * non-empty RFC 9110 token, unique regardless of case; the property's type is string, integer or
 * boolean. Values are sent as text; a value that is empty, has leading or trailing whitespace, a
 * character outside visible ASCII/space/tab, or already looks like the sentinel is sent as
 * `=?base64?<UTF-8 bytes in base64>?=`; null or absent arguments send no header.
 */

export interface ParamHeader {
  /** Property names from the schema root to the marked property. */
  path: string[];
  /** The header name after `Mcp-Param-`, as declared. */
  name: string;
}

export type ParamHeaderScan = { ok: true; headers: ParamHeader[] } | { ok: false; reason: string };

export const PARAM_HEADER_PREFIX = "Mcp-Param-";
const KEY = "x-mcp-header";
/** RFC 9110 §5.6.2 token characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(["string", "integer", "boolean"]);
/** Keywords whose values are data, not subschemas: an `x-mcp-header` key inside them means nothing. */
const DATA_KEYWORDS = new Set(["const", "default", "enum", "examples"]);
const SENTINEL_START = "=?base64?";
const SENTINEL_END = "?=";

/** The `x-mcp-header` declarations of an input schema, or why the tool must be left out. */
export function scanParamHeaders(inputSchema: unknown): ParamHeaderScan {
  const headers: ParamHeader[] = [];
  const names = new Map<string, string>();
  // `chain` is the property path while every step from the root was a `properties` entry, null after.
  const visit = (node: unknown, chain: string[] | null): string | undefined => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const fault = visit(item, null);
        if (fault) return fault;
      }
      return undefined;
    }
    if (!isRecord(node)) return undefined;
    const schema = node;
    if (KEY in schema) {
      const fault = declare(schema, chain);
      if (fault) return fault;
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === KEY || DATA_KEYWORDS.has(key)) continue;
      if (key === "properties" && value && typeof value === "object" && !Array.isArray(value)) {
        for (const [prop, sub] of Object.entries(value)) {
          const fault = visit(sub, chain ? [...chain, prop] : null);
          if (fault) return fault;
        }
      } else {
        const fault = visit(value, null);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  const declare = (schema: Record<string, unknown>, chain: string[] | null): string | undefined => {
    const where = chain && chain.length > 0 ? `property "${chain.join(".")}"` : "a subschema";
    if (!chain || chain.length === 0)
      return `${where}: x-mcp-header is allowed only on a property reached through "properties" from the root`;
    const name = schema[KEY];
    if (typeof name !== "string" || name === "") return `${where}: x-mcp-header must be a non-empty string`;
    if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name}" is not an HTTP token (no spaces, controls or delimiters)`;
    const type = schema.type;
    if (typeof type !== "string" || !HEADER_TYPES.has(type)) {
      return `${where}: x-mcp-header is allowed only on string, integer or boolean properties, not ${typeof type === "string" ? type : "an untyped one"}`;
    }
    const other = names.get(name.toLowerCase());
    if (other !== undefined) return `${where}: x-mcp-header "${name}" repeats "${other}" (names are case-insensitive)`;
    names.set(name.toLowerCase(), name);
    headers.push({ path: chain, name });
    return undefined;
  };
  const fault = visit(inputSchema, []);
  return fault ? { ok: false, reason: fault } : { ok: true, headers };
}

/** The `Mcp-Param-*` headers for one call's arguments. */
export function paramHeaderValues(headers: readonly ParamHeader[], args: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    let value: unknown = args;
    for (const key of header.path) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    const text = asText(value);
    if (text !== undefined) out[`${PARAM_HEADER_PREFIX}${header.name}`] = encodeHeaderValue(text);
  }
  return out;
}

function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  // An integer beyond 2^53 has no exact text the server could compare with the body's number.
  if (typeof value === "number" && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

/** A header value as is when it survives HTTP unchanged, else the base64 sentinel form. */
export function encodeHeaderValue(text: string): string {
  const plain =
    text !== "" &&
    text === text.trim() &&
    /^[\t\x20-\x7E]*$/.test(text) &&
    !(text.startsWith(SENTINEL_START) && text.endsWith(SENTINEL_END));
  if (plain) return text;
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return `${SENTINEL_START}${btoa(binary)}${SENTINEL_END}`;
}
