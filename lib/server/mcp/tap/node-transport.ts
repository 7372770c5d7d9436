import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, isInitializeRequest } from "@modelcontextprotocol/server";
import type { JSONRPCMessage, RequestId, Transport, TransportSendOptions } from "@modelcontextprotocol/server";
import type { TapEventStore } from "@/lib/server/mcp/tap/event-store";
import { header, writeJson, writeRpcError } from "@/lib/server/mcp/tap/node-http";
import { isRpcMessage, isRpcRequest } from "@/lib/server/mcp/jsonrpc-shape";
import { answerOf, postRefusal, sessionRefusal, sseEvent } from "@/lib/server/mcp/tap/rpc-shape";
import type { Refusal } from "@/lib/server/mcp/tap/rpc-shape";
import { GET_STREAM, KEEP_ALIVE_MS, SSE_HEADERS, jsonHoldMs, type Outlet } from "@/lib/server/mcp/tap/outlet";

/**
 * A 2025-11-25 tap session's Streamable HTTP transport on the Node request and response (issue 23),
 * in place of the SDK's web-standard one: no web Request, Response or stream, no zod parse per
 * message. A POST is answered in JSON when its answer is ready at once (the spec allows it), with an
 * SSE stream when something else must go first (progress, a log message, sampling, elicitation,
 * roots) or after jsonHoldMs() (200 ms); a stream opens as the SDK's does (priming event id, retry hint,
 * events kept for Last-Event-ID). Session checks, codes and words are the SDK transport's.
 */

export interface TapHttpTransportOptions {
  store: TapEventStore;
  retryMs: number;
  onsessioninitialized: (id: string) => void;
  onsessionclosed: (id: string) => void;
}

export class TapHttpTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private versions: string[] = [...SUPPORTED_PROTOCOL_VERSIONS];
  private closed = false;
  private readonly outlets = new Map<string, Outlet>();
  /** Request id → the stream that answers it, and what aborts its handler when its client goes. */
  private readonly streams = new Map<RequestId, string>();
  private readonly legs = new Map<RequestId, AbortController>();
  /** Streams whose client left before anything was written: no event id to resume from, nothing kept. */
  private readonly unresumable = new Set<string>();

  constructor(private readonly options: TapHttpTransportOptions) {}

  async start(): Promise<void> {}

  setSupportedProtocolVersions(versions: string[]): void {
    this.versions = versions;
  }

  /** Aborted when the HTTP request that carried request `id` closed before its answer (tap-scope.ts legSignal). */
  legSignal(id: RequestId): AbortSignal | undefined {
    return this.legs.get(id)?.signal;
  }

  /** Answers one HTTP request of the session; `body` is the POST's parsed body. Resolves with the status written first. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<number> {
    if (this.closed) return this.fail(res, 404, -32001, "Session not found");
    switch (req.method) {
      case "POST":
        return this.post(req, res, body);
      case "GET":
        return this.get(req, res);
      case "DELETE": {
        const refused = this.refuse(req, res);
        if (refused) return refused;
        if (this.sessionId) this.options.onsessionclosed(this.sessionId);
        res.writeHead(200).end();
        await this.close();
        return 200;
      }
      default:
        return writeRpcError(res, 405, -32000, "Method not allowed.", { Allow: "GET, POST, DELETE" });
    }
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown): number {
    const refusal = postRefusal(req.headers.accept, req.headers["content-type"], body);
    if (refusal) return this.fail(res, ...refusal);
    const messages: unknown[] = Array.isArray(body) ? body : [body];
    if (!messages.every(isRpcMessage)) return this.fail(res, 400, -32700, "Parse error: Invalid JSON-RPC message");
    const init = messages.find((m) => isRpcRequest(m) && m.method === "initialize");
    if (init !== undefined) {
      if (!isInitializeRequest(init)) return this.fail(res, 400, -32700, "Parse error: Invalid JSON-RPC message");
      if (this.sessionId !== undefined) return this.fail(res, 400, -32600, "Invalid Request: Server already initialized");
      if (messages.length > 1) return this.fail(res, 400, -32600, "Invalid Request: Only one initialization request is allowed");
      this.sessionId = randomUUID();
      this.options.onsessioninitialized(this.sessionId);
    } else {
      const refused = this.refuse(req, res);
      if (refused) return refused;
    }
    const requests = messages.filter(isRpcRequest);
    if (requests.length === 0) {
      res.writeHead(202).end();
      for (const message of messages) this.onmessage?.(message);
      return 202;
    }
    const outlet: Outlet = {
      streamId: randomUUID(),
      res,
      state: "held",
      ids: requests.map((r) => r.id),
      held: [],
      // (A zod parse of `undefined` builds its error: asked only when there is an initialize.)
      version:
        init !== undefined && isInitializeRequest(init)
          ? init.params.protocolVersion
          : (header(req, "mcp-protocol-version") ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION),
    };
    this.outlets.set(outlet.streamId, outlet);
    for (const id of outlet.ids) {
      this.streams.set(id, outlet.streamId);
      this.legs.set(id, new AbortController());
    }
    // Unanswered after jsonHoldMs(): the stream opens (priming event; the client sees headers).
    outlet.timer = setTimeout(() => this.open(outlet), jsonHoldMs());
    res.once("close", () => this.gone(outlet));
    for (const message of messages) this.onmessage?.(message);
    return 200;
  }

  private async get(req: IncomingMessage, res: ServerResponse): Promise<number> {
    if (!req.headers.accept?.includes("text/event-stream"))
      return this.fail(res, 406, -32000, "Not Acceptable: Client must accept text/event-stream");
    const refused = this.refuse(req, res);
    if (refused) return refused;
    const last = header(req, "last-event-id");
    if (last) return this.replay(res, last);
    if (this.outlets.has(GET_STREAM)) return this.fail(res, 409, -32000, "Conflict: Only one SSE stream is allowed per session");
    const outlet: Outlet = { streamId: GET_STREAM, res, state: "held", ids: [], held: [], version: "" };
    this.outlets.set(GET_STREAM, outlet);
    res.once("close", () => this.gone(outlet));
    this.open(outlet, false);
    return 200;
  }

  /** A GET with Last-Event-ID: the events of that stream after it, then the stream goes on if its request still runs. */
  private async replay(res: ServerResponse, last: string): Promise<number> {
    const store = this.options.store;
    const streamId = await store.getStreamIdForEventId(last);
    if (!streamId) return this.fail(res, 400, -32000, "Invalid event ID format");
    if (this.outlets.has(streamId)) return this.fail(res, 409, -32000, "Conflict: Stream already has an active connection");
    const outlet: Outlet = { streamId, res, state: "held", ids: [], held: [], version: "", replayed: new Set() };
    this.open(outlet, false);
    await store.replayEventsAfter(last, {
      send: async (eventId, message) => {
        outlet.replayed?.add(eventId);
        this.write(outlet, sseEvent(message, eventId));
      },
    });
    // Its request answered meanwhile (or the session or client gone): the stream ends with what it replayed.
    if (this.closed || res.destroyed || (streamId !== GET_STREAM && ![...this.streams.values()].includes(streamId))) {
      clearInterval(outlet.timer);
      res.end();
    } else {
      this.outlets.set(streamId, outlet);
      res.once("close", () => this.gone(outlet));
    }
    return 200;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = answerOf(message);
    const requestId = answer ? answer.id : options?.relatedRequestId;
    const store = this.options.store;
    if (requestId === undefined) {
      if (answer) throw new Error("Cannot send a response on a standalone SSE stream unless resuming a previous client request");
      const eventId = store.keep(GET_STREAM, message);
      const get = this.outlets.get(GET_STREAM);
      if (get?.state === "sse" && !get.replayed?.has(eventId)) this.write(get, sseEvent(message, eventId));
      return;
    }
    const streamId = this.streams.get(requestId);
    if (streamId === undefined) throw new Error(`No connection established for request ID: ${String(requestId)}`);
    if (this.unresumable.has(streamId)) return void (answer && this.forget(requestId, streamId));
    let outlet = this.outlets.get(streamId);
    if (outlet?.state === "held") {
      if (answer) {
        outlet.held.push(message);
        if (outlet.held.length === outlet.ids.length) this.finishJson(outlet);
        return;
      }
      this.open(outlet);
    }
    const eventId = store.keep(streamId, message);
    outlet = this.outlets.get(streamId);
    if (outlet && !outlet.replayed?.has(eventId)) this.write(outlet, sseEvent(message, eventId));
    if (!answer) return;
    this.legs.delete(requestId);
    const ids = [...this.streams].filter(([, s]) => s === streamId).map(([id]) => id);
    // The stream ends with the last answer it carries (a batch's), read to its end: nothing to resume.
    if (ids.every((id) => id === requestId || !this.legs.has(id))) {
      for (const id of ids) this.streams.delete(id);
      if (outlet) this.end(outlet, () => ids.forEach((id) => store.dropRequest(JSON.stringify(id))));
    }
  }

  private forget(requestId: RequestId, streamId: string): void {
    this.streams.delete(requestId);
    this.legs.delete(requestId);
    if (![...this.streams.values()].includes(streamId)) this.unresumable.delete(streamId);
  }

  /** Every answer came while nothing else had to be said: one JSON body (an array for a batch). */
  private finishJson(outlet: Outlet): void {
    clearInterval(outlet.timer);
    this.outlets.delete(outlet.streamId);
    for (const id of outlet.ids) {
      this.streams.delete(id);
      this.legs.delete(id);
    }
    const body = outlet.ids.length === 1 ? outlet.held[0] : outlet.held;
    writeJson(outlet.res, 200, body, this.sessionId ? { "mcp-session-id": this.sessionId } : {});
  }

  /** Opens the SSE stream: headers, the priming event (with `prime`), any answers held so far. */
  private open(outlet: Outlet, prime = true): void {
    if (outlet.state === "sse" || outlet.res.writableEnded) return;
    clearInterval(outlet.timer);
    outlet.state = "sse";
    outlet.res.writeHead(200, this.sessionId ? { ...SSE_HEADERS, "mcp-session-id": this.sessionId } : SSE_HEADERS);
    const store = this.options.store;
    if (prime && this.versions.includes(outlet.version) && outlet.version >= "2025-11-25")
      this.write(outlet, `id: ${store.prime(outlet.streamId)}\nretry: ${this.options.retryMs}\ndata: \n\n`);
    else outlet.res.flushHeaders();
    for (const message of outlet.held.splice(0)) this.write(outlet, sseEvent(message, store.keep(outlet.streamId, message)));
    outlet.timer = setInterval(() => this.write(outlet, ": keepalive\n\n"), KEEP_ALIVE_MS);
    outlet.timer.unref?.();
  }

  /** Writes within this turn leave in one write to the socket. */
  private write(outlet: Outlet, text: string): void {
    const res = outlet.res;
    if (res.writableEnded || res.destroyed) return;
    if (!res.writableCorked) {
      res.cork();
      process.nextTick(() => res.uncork());
    }
    res.write(text);
  }

  private end(outlet: Outlet, whole: () => void): void {
    clearInterval(outlet.timer);
    if (this.outlets.get(outlet.streamId) === outlet) this.outlets.delete(outlet.streamId);
    outlet.res.once("finish", whole);
    outlet.res.end();
  }

  /** The response closed: if it was ended early (the client went away), its requests' handlers are aborted. */
  private gone(outlet: Outlet): void {
    clearInterval(outlet.timer);
    if (this.outlets.get(outlet.streamId) !== outlet) return;
    this.outlets.delete(outlet.streamId);
    if (outlet.state === "held" && outlet.ids.length > 0) this.unresumable.add(outlet.streamId);
    for (const id of outlet.ids) this.legs.get(id)?.abort("The client closed the connection");
  }

  /** The SDK transport's session and protocol-version checks for a request after initialize. */
  private refuse(req: IncomingMessage, res: ServerResponse): number | undefined {
    const refusal = sessionRefusal(this.sessionId, header(req, "mcp-session-id"), header(req, "mcp-protocol-version"), this.versions);
    return refusal ? this.fail(res, ...refusal) : undefined;
  }

  private fail(res: ServerResponse, ...[status, code, message]: Refusal): number {
    this.onerror?.(new Error(message));
    return writeRpcError(res, status, code, message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const outlet of [...this.outlets.values()]) {
      // A call still held ends as an SSE stream that closed without its answer, as it did on the SDK's transport.
      this.open(outlet, false);
      clearInterval(outlet.timer);
      outlet.res.end();
    }
    this.outlets.clear();
    this.streams.clear();
    this.legs.clear();
    this.onclose?.();
  }
}
