/**
 * SEP-2243 custom headers, server side (2026-07-28 over HTTP): a tool argument whose schema has
 * `"x-mcp-header": "Name"` is mirrored by the client into an `Mcp-Param-Name` header, so proxies
 * can route on it without reading the body. The server MUST check the header against the body:
 * present when the argument is, equal to it (after `=?base64?…?=` decoding), well-formed Base64.
 * The SDK checks this only for McpServer-built servers; the demo (its own tools/call handler) and
 * the tap (the upstream's tools) check here. A refusal is HTTP 400 with -32020 (HeaderMismatch).
 * The client side (declaring and sending the headers) is param-headers.ts.
 */

export const HEADER_MISMATCH = -32020;

/** What the check reads of a tool: its input schema's top-level properties. */
export interface HeaderDeclaringTool {
  inputSchema: { properties?: Record<string, unknown> };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ENCODED = /^=\?base64\?(.*)\?=$/;

/** The header's value as the client meant it, or an error for malformed Base64. */
function decode(raw: string): { value: string } | { error: string } {
  const encoded = ENCODED.exec(raw)?.[1];
  if (encoded === undefined) return { value: raw };
  if (!BASE64.test(encoded)) return { error: "is not valid Base64 (alphabet or padding)" };
  return { value: new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Top-level arguments declared with x-mcp-header: argument name → header suffix. */
function declaredHeaders(tool: HeaderDeclaringTool): [string, string][] {
  return Object.entries(tool.inputSchema.properties ?? {}).flatMap(([arg, schema]): [string, string][] => {
    const name = isObject(schema) ? schema["x-mcp-header"] : undefined;
    return typeof name === "string" ? [[arg, name]] : [];
  });
}

/**
 * Checks one tools/call body against its Mcp-Param-* headers. Returns the reason to refuse, or
 * undefined when the headers agree (or the call names no tool with declared headers).
 */
export function paramHeaderProblem(
  body: unknown,
  headers: Headers,
  toolByName: (name: string) => HeaderDeclaringTool | undefined,
): string | undefined {
  if (!isObject(body) || body.method !== "tools/call" || !isObject(body.params)) return undefined;
  const { name, arguments: args } = body.params;
  const tool = typeof name === "string" ? toolByName(name) : undefined;
  if (!tool) return undefined;
  for (const [arg, suffix] of declaredHeaders(tool)) {
    const value = isObject(args) ? args[arg] : undefined;
    if (value === undefined || value === null || typeof value === "object") continue;
    const header = headers.get(`mcp-param-${suffix}`)?.trim();
    if (header === undefined) return `the argument ${arg} is in the body but the Mcp-Param-${suffix} header is missing`;
    const decoded = decode(header);
    if ("error" in decoded) return `the Mcp-Param-${suffix} header ${decoded.error}`;
    if (decoded.value !== String(value)) return `the Mcp-Param-${suffix} header does not match the argument ${arg}`;
  }
  return undefined;
}
