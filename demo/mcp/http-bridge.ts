import type http from "node:http";
import { Readable } from "node:stream";

/** node:http → web Request for the demo server over HTTP (serve-http.ts; the way back is lib/launcher/web-response.ts). */

export function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message } }, { status });
}

/** node:http request → web Request; aborted when the client goes away (ends SSE streams). */
export function toWebRequest(req: http.IncomingMessage, res: http.ServerResponse): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    // node:stream/web's ReadableStream is the one fetch reads; the DOM typings name another.
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  });
}
