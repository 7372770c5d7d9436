import "server-only";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

/**
 * The server half of MCP's legacy HTTP+SSE transport (2024-11-05, kept by the SDKs as
 * `SSEClientTransport`) for one tap session, on web streams: the client's GET holds an event
 * stream that first names, in an `endpoint` event, where the client POSTs its messages; every
 * message from the tap goes on that stream as a `message` event. The POSTs are taken by sse.ts,
 * which hands each message to `receive()`.
 *
 * Bounded: what the client has not read yet is queued up to MAX_QUEUED_BYTES; a client that falls
 * further behind has its session ended (its stream closes) rather than Loupe's memory grow.
 */

export const MAX_QUEUED_BYTES = 32 * 1024 * 1024;

const encoder = new TextEncoder();

export class TapSseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  /** The event stream, the body of the GET's answer. */
  readonly body: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private closed = false;

  constructor(
    readonly sessionId: string,
    /** Where the client POSTs (a path with `?sessionId=`), sent first as the `endpoint` event. */
    endpoint: string,
    /** The client's GET: handed with each message, so a handler's request signal is the stream's. */
    private readonly stream: Request,
    /** Told each message the tap sends (sse.ts releases a request's place when its answer goes). */
    private readonly sent: (message: JSONRPCMessage) => void,
  ) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          // A comment first (the stream is live before any event), then where to POST.
          controller.enqueue(encoder.encode(`:\n\nevent: endpoint\ndata: ${endpoint}\n\n`));
        },
        cancel: () => void this.close(),
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
    if (stream.signal.aborted) void this.close();
    else stream.signal.addEventListener("abort", () => void this.close(), { once: true });
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed || !this.controller) throw new Error(`The SSE stream of session ${this.sessionId} is closed`);
    this.controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`));
    this.sent(message);
    const behind = this.controller.desiredSize;
    if (behind !== null && behind < -MAX_QUEUED_BYTES) {
      this.onerror?.(
        new Error(`The client of session ${this.sessionId} read its stream too slowly (over ${MAX_QUEUED_BYTES} bytes behind)`),
      );
      await this.close();
    }
  }

  /** A message the client POSTed (already checked to be JSON-RPC). */
  receive(message: JSONRPCMessage): void {
    this.onmessage?.(message, { request: this.stream });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.controller?.close();
    } catch {
      // Already cancelled by the client.
    }
    this.onclose?.();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
