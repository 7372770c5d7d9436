import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@/lib/errors";

/**
 * The tap's HTTP on the Node request and response (issue 23): the body is read as bytes and parsed
 * once, and the SDK transport's answer is written straight to the socket, instead of a Web Request
 * whose body is a web stream and a Response re-wrapped per layer (undici, web streams and their
 * promises cost about 30 % of a tapped call).
 */

/** The request's body as text; `too_large:tap` (413) past `max` bytes, read no further. */
export function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: unknown) => {
      req.off("data", onData);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        fail(new AppError("too_large:tap", `The request body is over ${max} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", fail);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
  });
}

/** A JSON answer, whole. */
export function writeJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** A JSON-RPC error answer with no id (the request was refused before it was read as one). */
export function writeRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): number {
  writeJson(res, status, { jsonrpc: "2.0", id: null, error: { code, message } }, headers);
  return status;
}

/** A request header's (first) value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A web Request for code that takes one (the SDK transport; any other leg that still does): the
 * Node request's method and headers, a signal aborted when the client goes away, and `body` when
 * one is given (the SDK transport is given the body parsed and never reads it).
 */
export function webRequest(req: IncomingMessage, res: ServerResponse, url: URL, body?: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const abort = new AbortController();
  res.once("close", () => abort.abort("The client closed the connection"));
  return new Request(url.href, { method: req.method ?? "GET", headers, signal: abort.signal, ...(body !== undefined ? { body } : {}) });
}

/**
 * How long the opening of a streamed answer (its headers, the priming event) waits for what comes
 * next before it is written alone: a call that answers within it leaves in one write.
 */
export const OPEN_HOLD_MS = 50;

/**
 * Writes a web Response (JSON or the transport's SSE stream) to `res` as it comes. `ended` is called
 * once: true when the body was written to its end and flushed, false when the client went away first.
 *
 * Few writes per answer: each is a system call that wakes the client, and they were the largest
 * native cost of a tapped call in its profile (on a loaded machine, where a wake-up can hand the
 * core away). The headers and the first event (a tapped call's priming event) wait up to
 * OPEN_HOLD_MS for the next event or the end: a call answered by then is written at once, whole;
 * after that each event, and whatever follows it in the same turn (the result, then the end of the
 * stream), leaves in one write. A stream with nothing to say still opens after OPEN_HOLD_MS.
 */
export async function pipeResponse(res: ServerResponse, response: Response, ended?: (whole: boolean) => void): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  let called = false;
  const end = (whole: boolean) => {
    if (called) return;
    called = true;
    ended?.(whole);
  };
  res.once("finish", () => end(true));
  res.once("close", () => end(false));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const uncork = () => res.uncork();
  /** Writes `chunks` in one write (once this turn is over). */
  const send = (chunks: Uint8Array[]): boolean => {
    res.cork();
    process.nextTick(uncork);
    let room = true;
    for (const chunk of chunks) room = res.write(chunk);
    return room;
  };
  const held: Uint8Array[] = [];
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    clearTimeout(hold);
    if (held.length === 0) res.flushHeaders();
    else send(held.splice(0));
  };
  const hold = setTimeout(release, OPEN_HOLD_MS);
  const reader = response.body.getReader();
  res.once("close", () => {
    holding = false;
    clearTimeout(hold);
    void reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (holding) {
        held.push(value);
        if (held.length > 1) release();
        continue;
      }
      if (!send([value]) && !res.destroyed) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
    }
  } catch {
    // The client went away mid-stream (the reader was cancelled).
  }
  clearTimeout(hold);
  if (holding && held.length > 0) send(held.splice(0));
  holding = false;
  res.end();
}
