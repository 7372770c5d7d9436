import "server-only";
import type { JSONRPCMessage, JSONRPCRequest, RequestId, Transport } from "@modelcontextprotocol/client";

/** Ids of requests Loupe itself sends during a session reset (never seen by the SDK Client). */
export const INTERNAL_PREFIX = "loupe-session-reset-";

/**
 * Requests a RecordingTransport sends on its own behalf (the repeated initialize of a session
 * reset): their answers are taken off the wire here instead of reaching the SDK Client.
 */
export class InternalRequests {
  private readonly waiting = new Map<RequestId, { resolve(m: JSONRPCMessage): void; reject(e: Error): void }>();

  /** Hands a response to its internal waiter; false when it belongs to someone else. */
  settle(message: JSONRPCMessage & { id: RequestId }): boolean {
    const waiter = this.waiting.get(message.id);
    if (!waiter) return false;
    this.waiting.delete(message.id);
    waiter.resolve(message);
    return true;
  }

  send(target: Transport, request: JSONRPCRequest, record: (message: JSONRPCMessage) => void, timeoutMs = 15_000): Promise<JSONRPCMessage> {
    return new Promise<JSONRPCMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(request.id);
        reject(new Error(`no answer to initialize within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(request.id, {
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      record(request);
      target.send(request).catch((error: unknown) => {
        this.waiting.delete(request.id);
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}
