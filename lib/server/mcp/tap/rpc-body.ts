import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, readText } from "@/lib/server/http";
import { nestedDeeperThan } from "@/lib/values";
import { jsonRpcError } from "@/lib/server/mcp/tap/serve";

/** A tap client's POST body: its text and JSON, or the answer that refuses it (413 over the limit, 400 not JSON). */
export type RpcBody = { ok: true; text: string; body: unknown } | { ok: false; response: Response };

/** Reads a POST to the tap within Loupe's body limit and parses it (both transports, endpoint.ts and sse.ts). */
export async function readRpcBody(request: Request): Promise<RpcBody> {
  let text: string;
  try {
    text = await readText(request, MAX_JSON_BODY_BYTES);
  } catch (error) {
    const appError = AppError.from(error);
    return { ok: false, response: jsonRpcError(appError.status === 413 ? 413 : 400, -32600, appError.message) };
  }
  const parsed = parseRpcText(text);
  return parsed.ok ? { ok: true, text, body: parsed.body } : { ok: false, response: jsonRpcError(400, parsed.code, parsed.message) };
}

/**
 * A tap POST's JSON (both transports), or the JSON-RPC error that refuses it: not JSON, or nested
 * deeper than MAX_JSON_DEPTH (recording or relaying it overflowed the stack: a -32603).
 */
export function parseRpcText(text: string): { ok: true; body: unknown } | { ok: false; code: number; message: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, code: -32700, message: "Parse error: the request body is not JSON" };
  }
  if (nestedDeeperThan(body, MAX_JSON_DEPTH))
    return { ok: false, code: -32600, message: `Invalid request: the JSON is nested deeper than ${MAX_JSON_DEPTH} levels` };
  return { ok: true, body };
}

/**
 * A request id still running on the same session: one of the two answers would be lost (answers
 * are matched by id) and the other request hang, so the second is refused.
 */
export function idInUse(id: string | number): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id,
      error: {
        code: -32600,
        message: `Invalid request: id ${JSON.stringify(id)} is already used by a request still running on this session; use a new id`,
      },
    },
    { status: 400 },
  );
}
