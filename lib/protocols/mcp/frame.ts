import type { JsonRpcId, RpcError } from "./types";
import { isRecord } from "@/lib/values";

/** One JSON-RPC 2.0 message, classified; `invalid` keeps the reason for the "unrecognized" marker. */
export type Frame =
  | { type: "request"; id: JsonRpcId; method: string; params?: unknown }
  | { type: "notification"; method: string; params?: unknown }
  | { type: "response"; id: JsonRpcId | null; isError: boolean; result?: unknown; error?: RpcError }
  | { type: "invalid"; reason: string };

export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

function parseRpcError(value: unknown): RpcError | undefined {
  if (!isRecord(value)) return undefined;
  const { code, message, data } = value;
  if (typeof code !== "number" || !Number.isInteger(code) || typeof message !== "string") return undefined;
  return "data" in value ? { code, message, data } : { code, message };
}

/**
 * Classifies a parsed frame by the JSON-RPC 2.0 rules (§4–5 of the spec). Never throws: anything
 * off-spec becomes `invalid` with a reason a developer can act on.
 */
export function classifyFrame(raw: unknown): Frame {
  if (Array.isArray(raw)) return { type: "invalid", reason: "JSON-RPC batch (MCP does not use batches)" };
  if (!isRecord(raw)) return { type: "invalid", reason: "not a JSON object" };
  if (raw.jsonrpc !== "2.0") return { type: "invalid", reason: 'missing or wrong "jsonrpc" (expected "2.0")' };
  if ("params" in raw && raw.params !== undefined && typeof raw.params !== "object") {
    return { type: "invalid", reason: '"params" must be an object' };
  }
  if ("method" in raw) {
    if (typeof raw.method !== "string" || raw.method === "") {
      return { type: "invalid", reason: '"method" must be a non-empty string' };
    }
    const params = raw.params;
    if (!("id" in raw)) return { type: "notification", method: raw.method, params };
    if (!isJsonRpcId(raw.id)) return { type: "invalid", reason: 'request "id" must be a string or a number' };
    return { type: "request", id: raw.id, method: raw.method, params };
  }
  const hasResult = "result" in raw;
  const hasError = "error" in raw;
  if (!hasResult && !hasError) {
    return { type: "invalid", reason: "neither a request, a notification nor a response" };
  }
  if (hasResult && hasError) return { type: "invalid", reason: 'response has both "result" and "error"' };
  const id = raw.id ?? null;
  if (id !== null && !isJsonRpcId(id)) return { type: "invalid", reason: 'response "id" must be a string, a number or null' };
  if (hasResult) return { type: "response", id, isError: false, result: raw.result };
  const error = parseRpcError(raw.error);
  if (!error) return { type: "invalid", reason: 'malformed "error" (needs integer code and string message)' };
  return { type: "response", id, isError: true, error };
}

/**
 * Reads the top-level keys of a JSON object text that may be cut anywhere (a truncated preview).
 * Primitive values are returned; nested values are only noted as present, since they may be cut.
 * Why: a 10 MB tools/call result still has to pair with its request by id.
 */
export function scanTopLevel(text: string): {
  keys: Set<string>;
  values: Map<string, unknown>;
  /** The closing brace was reached: absent keys are really absent. */
  complete: boolean;
} {
  const keys = new Set<string>();
  const values = new Map<string, unknown>();
  let complete = false;
  let i = text.indexOf("{");
  if (i < 0) return { keys, values, complete };
  i++;
  const skipWs = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };
  const readString = (): string | undefined => {
    const start = i;
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i];
      if (ch === "\\") i += 2;
      else if (ch === '"') {
        i++;
        try {
          return JSON.parse(text.slice(start, i)) as string;
        } catch {
          return undefined;
        }
      } else i++;
    }
    return undefined;
  };
  // Skips one nested value, honouring strings, so commas inside it do not end the member.
  const skipNested = () => {
    let depth = 0;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') {
        if (readString() === undefined) return;
        continue;
      }
      if (ch === "{" || ch === "[") depth++;
      else if (ch === "}" || ch === "]") depth--;
      i++;
      if (depth === 0) return;
    }
  };
  while (i < text.length) {
    skipWs();
    if (text[i] !== '"') break;
    const key = readString();
    if (key === undefined) break;
    skipWs();
    if (text[i] !== ":") break;
    i++;
    skipWs();
    keys.add(key);
    const ch = text[i];
    if (ch === "{" || ch === "[") skipNested();
    else if (ch === '"') {
      const s = readString();
      if (s === undefined) break;
      values.set(key, s);
    } else {
      const m = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)(?=\s*[,}])/.exec(text.slice(i, i + 40));
      if (!m || m[1] === undefined) break;
      values.set(key, JSON.parse(m[1]) as unknown);
      i += m[1].length;
    }
    skipWs();
    if (text[i] === "}") complete = true;
    if (text[i] !== ",") break;
    i++;
  }
  return { keys, values, complete };
}

/** Classifies a truncated JSON text from what its top-level keys reveal. */
export function classifyPartialFrame(text: string): Frame {
  const { keys, values, complete } = scanTopLevel(text);
  const method = values.get("method");
  const id = values.get("id");
  if (typeof method === "string") {
    // MCP names every notification "notifications/…", which settles a cut frame without an id.
    if (!keys.has("id") && (complete || method.startsWith("notifications/"))) {
      return { type: "notification", method };
    }
    if (isJsonRpcId(id)) return { type: "request", id, method };
    // The id usually comes after params in SDK-built requests, so it may be beyond the cut.
    return { type: "invalid", reason: `truncated "${method}" frame: id not in the preview` };
  }
  if (keys.has("result") || keys.has("error")) {
    if (id === null || isJsonRpcId(id)) return { type: "response", id, isError: keys.has("error") };
    return { type: "invalid", reason: "truncated response: id not in the preview" };
  }
  return { type: "invalid", reason: "truncated frame: not recognisable from the preview" };
}

/**
 * Classifies a server preview of an oversized frame (lib/server/preview.ts): the top-level fields
 * up to 1 KB are kept as they were (`id`, `method`, `jsonrpc`), larger ones (`result`, `params`)
 * survive only as the head of the JSON text in `_preview`. Why: a 200 KB tools/list answer must
 * still be a response paired with its request, not an "unrecognized" row.
 */
export function classifyPreviewObject(raw: Record<string, unknown> & { _preview: string }): Frame {
  const scanned = scanTopLevel(raw._preview);
  const kept = Object.keys(raw).filter((k) => k !== "_preview");
  const keys = new Set([...kept, ...scanned.keys]);
  const method = typeof raw.method === "string" ? raw.method : scanned.values.get("method");
  const id = "id" in raw ? raw.id : scanned.values.get("id");
  if (typeof method === "string" && method !== "") {
    if (!keys.has("id")) return { type: "notification", method };
    if (isJsonRpcId(id)) return { type: "request", id, method };
    return { type: "invalid", reason: `truncated "${method}" frame: id not in the preview` };
  }
  // Whatever was left out was over 1 KB; without a method that can only be a result or an error.
  const isError = keys.has("error") && !keys.has("result");
  if (keys.has("result") || keys.has("error") || kept.includes("id")) {
    if (id === null || isJsonRpcId(id)) return { type: "response", id: id ?? null, isError };
    return { type: "invalid", reason: "truncated response: id not in the preview" };
  }
  return { type: "invalid", reason: "truncated frame: not recognisable from the preview" };
}
