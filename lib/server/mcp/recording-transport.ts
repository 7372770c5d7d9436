import "server-only";
import { SUPPORTED_PROTOCOL_VERSIONS, isJSONRPCErrorResponse, isJSONRPCResultResponse } from "@modelcontextprotocol/client";
import type {
  InitializeResult,
  JSONRPCMessage,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/client";
import { isStdioFrameError, unfinishedLine } from "@/lib/server/mcp/stdio-framing";
import type { StdioFrameError } from "@/lib/server/mcp/stdio-framing";
import { RETRY_SAFE_METHODS, SESSION_LOST_CODE, sessionLostMessage } from "@/lib/server/mcp/recording-hooks";
import type { PendingRequest, RecordingHooks, RequestWatcher, SessionResetInfo } from "@/lib/server/mcp/recording-hooks";
import { errorMessage } from "@/lib/values";
import { DiscoverProbeTracker, isResponse } from "@/lib/server/mcp/discover-probe";
import type { DiscoverProbe } from "@/lib/server/mcp/discover-probe";
import { INTERNAL_PREFIX, InternalRequests } from "@/lib/server/mcp/internal-requests";
import { InboundOrder } from "@/lib/server/mcp/inbound-order";

export { RETRY_SAFE_METHODS, SESSION_LOST_CODE, sessionLostMessage } from "@/lib/server/mcp/recording-hooks";
export type { RecordingHooks, SessionResetInfo } from "@/lib/server/mcp/recording-hooks";
export type { DiscoverProbe } from "@/lib/server/mcp/discover-probe";

/**
 * Wraps an SDK transport so every JSON-RPC frame in both directions is recorded raw: incoming
 * frames before the SDK handles them, outgoing frames as they are handed to the wire (recording
 * after the send resolved would put a Streamable HTTP JSON response ahead of its own request).
 *
 * It also owns session recovery for Streamable HTTP: when the server forgets the session (a 404 to
 * our Mcp-Session-Id, reported through sessionGone()), it swaps in a fresh inner transport, repeats
 * the client's own initialize on it, re-sends pending requests that are safe to repeat and fails
 * the others with a clear error. The SDK Client above never notices the swap.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  protocolVersion?: string;
  private watchers: RequestWatcher[] = [];
  private innerTransport!: Transport;
  private readonly pending = new Map<RequestId, PendingRequest>();
  private initializeRequest: JSONRPCRequest | null = null;
  private readonly internal = new InternalRequests();
  private resetting: Promise<void> | null = null;
  private resets = 0;
  private closed = false;
  private readonly discover = new DiscoverProbeTracker();
  /** Errors the inner transport reported: its send() reports a failure and rejects with it too. */
  private readonly reported = new WeakSet<object>();

  constructor(
    inner: Transport,
    private readonly hooks: RecordingHooks,
  ) {
    this.attach(inner);
    // The SDK probes a stdio-shaped transport (one with `stderr` and `pid`) differently from HTTP:
    // silence there means a legacy server, not an outage. Keep that shape visible through the wrapper.
    if ("stderr" in inner && "pid" in inner) {
      const stdio = inner as Transport & { stderr: unknown; pid: number | null };
      Object.defineProperties(this, {
        stderr: { get: () => stdio.stderr, enumerable: true },
        pid: { get: () => stdio.pid, enumerable: true },
      });
    }
  }

  /** Streamable HTTP opens one request per message, so cancelling is aborting it (2026-07-28). */
  get hasPerRequestStream(): boolean | undefined {
    return this.innerTransport.hasPerRequestStream;
  }

  /** The last `server/discover` sent on this transport and what came of it. */
  get discoverProbe(): DiscoverProbe | null {
    return this.discover.probe;
  }

  get inner(): Transport {
    return this.innerTransport;
  }

  /** Routes an inner transport's events here; events of a replaced inner are ignored. */
  private attach(inner: Transport): void {
    this.innerTransport = inner;
    const inbound = new InboundOrder((message, extra) => this.onmessage?.(message, extra));
    inner.onmessage = (message, extra) => {
      if (this.innerTransport !== inner) return;
      this.hooks.record("in", "message", message);
      if (isResponse(message)) {
        this.discover.answered(message);
        // An answer whose id (value and type) names no pending request stays an unmatched frame:
        // the SDK would take "2" for request 2 (it compares ids as numbers).
        if (this.internal.settle(message) || !this.pending.delete(message.id)) return;
      }
      inbound.push(message, extra);
    };
    inner.onerror = (error) => {
      if (this.innerTransport !== inner) return;
      if (isStdioFrameError(error)) {
        this.frameProblem(error);
        return;
      }
      // Errors reported by the transport are on the receiving side (bad frames, dropped streams).
      this.reported.add(error);
      this.hooks.record("in", "transport_error", { message: errorMessage(error) });
      this.hooks.onError?.(error);
      this.onerror?.(error);
    };
    inner.onclose = () => {
      if (this.innerTransport !== inner) return;
      // A line the server was writing when it exited, kept before the exit is reported.
      const cut = unfinishedLine(inner);
      if (cut) this.frameProblem(cut);
      inbound.close();
      this.closed = true;
      this.pending.clear();
      this.hooks.onClosed?.();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.innerTransport.sessionId;
  }

  start(): Promise<void> {
    return this.innerTransport.start();
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
    let watched: (() => void) | undefined;
    if ("method" in message && "id" in message) {
      const index = this.watchers.findIndex((w) => w.method === message.method);
      const watcher = index >= 0 ? this.watchers.splice(index, 1)[0] : undefined;
      if (watcher) watched = () => watcher.onId(message.id);
      if (message.method === "initialize") this.initializeRequest = message;
      if (message.method === "server/discover") this.discover.sent(message.id);
      this.pending.set(message.id, { message: message, retried: false, sentOn: null });
      // 2026-07-28 over Streamable HTTP: a cancel aborts the request's POST (no notifications/cancelled); the SDK stops waiting, so do we.
      const id = message.id;
      options?.requestSignal?.addEventListener("abort", () => this.pending.delete(id), { once: true });
    } else if ("method" in message && message.method === "notifications/cancelled") {
      // A timed-out or aborted request will get no answer the SDK still waits for.
      const requestId = message.params?.requestId;
      if (typeof requestId === "string" || typeof requestId === "number") this.pending.delete(requestId);
    }
    // Sent, then recorded in the same turn (a stdio server starts on it while Loupe writes its
    // entries, issue 23; its answer comes in a later turn). One waiting for a new session: recorded first.
    const sending = this.resetting ? undefined : this.sendRecorded(message, options);
    try {
      watched?.();
      this.hooks.record("out", "message", message);
    } catch (error) {
      sending?.catch(() => undefined);
      throw error;
    }
    return sending ?? this.sendRecorded(message, options);
  }

  private async sendRecorded(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // A request made while a new session is being set up waits for it.
    if (this.resetting) await this.resetting.catch(() => undefined);
    const target = this.innerTransport;
    const entry = "id" in message && "method" in message ? this.pending.get(message.id) : undefined;
    // A request failed locally by a reset while it waited: it must not reach the new session.
    if ("id" in message && "method" in message && !entry) return;
    if (entry) entry.sentOn = target;
    try {
      await target.send(message, options);
    } catch (error) {
      // One failure, one entry: the HTTP transports report a failed POST before they reject with it.
      if (!(error instanceof Object && this.reported.has(error)))
        this.hooks.record("out", "transport_error", { message: errorMessage(error) });
      if (entry) this.discover.sendFailed(entry.message.method, entry.message.id, error);
      // The HTTP layer reported the session gone before this rejection reached us: the reset
      // re-sends this request or fails it with a clear error, so this send is settled.
      if (this.resetting) await this.resetting.catch(() => undefined);
      if (this.innerTransport !== target && !this.closed) return;
      // The SDK fails this request itself (e.g. the era probe answered HTTP 400): nothing waits on the wire.
      if (entry && "id" in message) this.pending.delete(message.id as RequestId);
      throw error;
    }
  }

  /**
   * Called by the HTTP layer when a request carrying `sessionId` was answered "no such session".
   * Starts one new session (further reports for the same old session are ignored).
   */
  sessionGone(sessionId: string, reason: string): void {
    if (!this.hooks.reopen || this.closed || this.resetting) return;
    if (sessionId !== this.innerTransport.sessionId || !this.initializeRequest) return;
    this.resetting = this.resetSession(reason).finally(() => {
      this.resetting = null;
    });
  }

  private async resetSession(reason: string): Promise<void> {
    const old = this.innerTransport;
    const next = this.hooks.reopen!();
    this.attach(next);
    // Stops the old transport's retry timers and streams; its close event is ignored (detached).
    void old.close().catch(() => undefined);
    let result: InitializeResult;
    try {
      await next.start();
      const id = `${INTERNAL_PREFIX}${++this.resets}`;
      const request: JSONRPCRequest = { ...this.initializeRequest!, id };
      const answer = await this.internal.send(next, request, (m) => this.hooks.record("out", "message", m));
      if (isJSONRPCErrorResponse(answer)) throw new Error(`initialize failed: ${answer.error.message}`);
      if (!isJSONRPCResultResponse(answer)) throw new Error("initialize failed: the server answered without a result");
      // The answer to Loupe's own initialize request: an InitializeResult by the protocol.
      result = answer.result as InitializeResult;
      if (!SUPPORTED_PROTOCOL_VERSIONS.includes(result.protocolVersion)) {
        throw new Error(`the new session speaks protocol ${result.protocolVersion}, which is not supported`);
      }
      this.setProtocolVersion(result.protocolVersion);
      const initialized: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/initialized" };
      this.hooks.record("out", "message", initialized);
      await next.send(initialized);
    } catch (error) {
      this.hooks.onSessionResetFailed?.(reason, error);
      return;
    }
    const retried: SessionResetInfo["retried"] = [];
    const failed: SessionResetInfo["failed"] = [];
    for (const [id, p] of [...this.pending]) {
      // Only what went to the lost session: requests queued during the reset go out on the new one
      // through sendRecorded (re-sending them here too would send them twice).
      if (p.sentOn !== old) continue;
      const method = p.message.method;
      if (RETRY_SAFE_METHODS.has(method) && !p.retried) {
        p.retried = true;
        p.sentOn = next;
        retried.push({ id, method });
        this.hooks.record("out", "message", p.message);
        next.send(p.message).catch((error: unknown) => this.failLocally(id, method, errorMessage(error)));
      } else {
        failed.push({ id, method });
        this.failLocally(id, method, sessionLostMessage(method));
      }
    }
    this.hooks.onSessionReset?.({ reason, result, retried, failed });
  }

  /**
   * A stdout line that did not become a message. Garbage is kept with its text (`unparsed`); a
   * message over the size limit is noted in words and, when it was the answer to a pending
   * request, that request fails with the same words instead of waiting for its timeout.
   */
  private frameProblem(error: StdioFrameError): void {
    const problem = error.problem;
    if (problem.kind === "unparsed") {
      const { text, error: reason, bytes, cut } = problem;
      this.hooks.record("in", "unparsed", { text, error: reason, bytes, ...(cut ? { cut } : {}) });
      return;
    }
    const message = error.message;
    this.hooks.record("in", "transport_error", { message, bytes: problem.bytes, limit: problem.limit });
    const id = problem.requestId;
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || !pending) return;
    this.failLocally(id, pending.message.method, message, { loupe: "message_too_large", bytes: problem.bytes, limit: problem.limit });
  }

  /** Rejects a pending request of the SDK Client with a JSON-RPC error that never was on the wire. */
  private failLocally(id: RequestId, method: string, message: string, data?: Record<string, unknown>): void {
    if (!this.pending.delete(id)) return;
    this.onmessage?.({
      jsonrpc: "2.0",
      id,
      error: { code: SESSION_LOST_CODE, message, data: data ?? { loupe: "session_lost", method } },
    });
  }

  close(): Promise<void> {
    return this.innerTransport.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.innerTransport.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.innerTransport.setSupportedProtocolVersions?.(versions);
  }
}
