import "server-only";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { Direction } from "@/lib/contracts/entries";

export interface RecordingHooks {
  /** Writes one entry to the record; called synchronously, before the SDK sees a frame. */
  record(direction: Direction, kind: string, raw: unknown): void;
  /** Runs before the SDK's own close handling (which rejects pending requests). */
  onClosed?(): void;
  /** Sees every transport error after it is recorded. */
  onError?(error: Error): void;
}

interface RequestWatcher {
  method: string;
  onId(id: RequestId): void;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Wraps an SDK transport so every JSON-RPC frame in both directions is recorded raw: incoming
 * frames before the SDK handles them, outgoing frames as they are handed to the wire (recording
 * after the send resolved would put a Streamable HTTP JSON response ahead of its own request).
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  protocolVersion?: string;
  private watchers: RequestWatcher[] = [];

  constructor(
    readonly inner: Transport,
    private readonly hooks: RecordingHooks,
  ) {
    inner.onmessage = (message, extra) => {
      this.hooks.record("in", "message", message);
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => {
      // Errors reported by the transport are on the receiving side (bad frames, dropped streams).
      this.hooks.record("in", "transport_error", { message: errorMessage(error) });
      this.hooks.onError?.(error);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      this.hooks.onClosed?.();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  /**
   * Protocol.request() calls send() synchronously, so a watcher set just before request()
   * learns the JSON-RPC id (= the progressToken when onprogress is passed) before request() returns.
   */
  watchNextRequest(method: string, onId: (id: RequestId) => void): () => void {
    const watcher: RequestWatcher = { method, onId };
    this.watchers.push(watcher);
    return () => {
      this.watchers = this.watchers.filter((w) => w !== watcher);
    };
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ("method" in message && "id" in message) {
      const index = this.watchers.findIndex((w) => w.method === message.method);
      const watcher = index >= 0 ? this.watchers.splice(index, 1)[0] : undefined;
      watcher?.onId(message.id);
    }
    this.hooks.record("out", "message", message);
    return this.inner.send(message, options).catch((error: unknown) => {
      this.hooks.record("out", "transport_error", { message: errorMessage(error) });
      throw error;
    });
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }
}
