import type { Tool } from "@modelcontextprotocol/server";

/**
 * SEP-2243 custom headers, server side (2026-07-28 over HTTP): a tool argument whose schema has
 * `"x-mcp-header": "Name"` is mirrored by the client into an `Mcp-Param-Name` header, so proxies
 * can route on it without reading the body. The server MUST check the header against the body:
 * present when the argument is, equal to it (after `=?base64?…?=` decoding), well-formed Base64.
 * The SDK checks this only for McpServer-built servers; the demo registers its own tools/call
 * handler, so its HTTP front checks here. A refusal is HTTP 400 with -32020 (HeaderMismatch).
 */

export const HEADER_MISMATCH = -32020;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ENCODED = /^=\?base64\?(.*)\?=$/;

/** The header's value as the client meant it, or an error for malformed Base64. */
function decode(raw: string): { value: string } | { error: string } {
  const encoded = ENCODED.exec(raw)?.[1];
  if (encoded === undefined) return { value: raw };
  if (!BASE64.test(encoded)) return { error: "is not valid Base64 (alphabet or padding)" };
  return { value: Buffer.from(encoded, "base64").toString("utf8") };
}

/** Top-level arguments declared with x-mcp-header: argument name → header suffix. */
function declaredHeaders(tool: Tool): [string, string][] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).flatMap(([arg, schema]) =>
    typeof schema?.["x-mcp-header"] === "string" ? [[arg, schema["x-mcp-header"]] as [string, string]] : [],
  );
}

/**
 * Checks one tools/call body against its Mcp-Param-* headers. Returns the reason to refuse, or
 * undefined when the headers agree (or the call names no tool with declared headers).
 */
export function paramHeaderProblem(body: unknown, headers: Headers, toolByName: (name: string) => Tool | undefined): string | undefined {
  if (!body || typeof body !== "object" || (body as { method?: unknown }).method !== "tools/call") return undefined;
  const params = (body as { params?: { name?: unknown; arguments?: Record<string, unknown> } }).params;
  const tool = typeof params?.name === "string" ? toolByName(params.name) : undefined;
  if (!tool) return undefined;
  for (const [arg, suffix] of declaredHeaders(tool)) {
    const value = params?.arguments?.[arg];
    if (value === undefined || value === null || typeof value === "object") continue;
    const header = headers.get(`mcp-param-${suffix}`)?.trim();
    if (header === undefined) return `the argument ${arg} is in the body but the Mcp-Param-${suffix} header is missing`;
    const decoded = decode(header);
    if ("error" in decoded) return `the Mcp-Param-${suffix} header ${decoded.error}`;
    if (decoded.value !== String(value)) return `the Mcp-Param-${suffix} header does not match the argument ${arg}`;
  }
  return undefined;
}
