import "server-only";
import { StringDecoder } from "node:string_decoder";
import type { A2aTransport } from "@/lib/contracts/a2a";
import type { Entry } from "@/lib/contracts/entries";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { errorMessage, isRecord } from "@/lib/values";
import { maskHeaders, maskSecretValues, maskWireHeaders, savedHeaderNames } from "@/lib/server/secrets";
import type { Hub } from "@/lib/server/hub";
import { blankLineEnd, CUT_EVENT, SseFeed, STRAY_LINES } from "@/lib/server/sse-feed";
import { causeCode, fetchOnce } from "@/lib/server/a2a/fetch-once";
import type { WriteOpts } from "@/lib/server/store";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import { FrameReader, recordA2a, type A2aKind, type FrameExtra, type ReadFrame } from "@/lib/server/a2a/frame-reader";

/** A frame's extra when its SSE event has the default type: one object for all of them. */
const NO_EXTRA: FrameExtra = Object.freeze({});

/** Lets the page's stream write what was queued (a macrotask: the stream's flush is a microtask chain). */
export const yieldToPage = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What one exchange (a send, a get, a cancel, a resubscribe…) records under. */
export interface WireContext {
  agentId: string;
  exchangeId: string;
  transport: A2aTransport;
  /** The conversation, when already known (continuations); frames name their own. */
  contextId?: string;
  /** Values replaced by SECRET_MASK in what is recorded (a credential being sent). */
  secrets?: readonly string[];
  /** Aborts every request of the exchange (its agent was removed, Loupe stops). */
  signal?: AbortSignal;
  /** Called with each frame that parsed, after it is recorded and before the SDK sees it. */
  onItem?: (item: A2aItem, entry: Entry) => void;
  /** Called when the agent's event stream arrived (an SSE response; a gRPC server stream's headers), before any of its frames is recorded. */
  onStreamOpen?: () => void;
}

/**
 * The recorder of the A2A wire: a `fetch` for the SDK's transports that writes the request body
 * and each response body / SSE event to the hub exactly as it arrived, BEFORE the SDK parses it,
 * so a frame the SDK rejects is still on record (`a2a_malformed` when it does not parse or fit).
 */
export class A2aWire {
  private method = "";
  private readonly reader: FrameReader;

  constructor(
    private readonly hub: Hub,
    private readonly ctx: WireContext,
  ) {
    this.reader = new FrameReader(ctx, ctx.contextId);
  }

  /** The method of the last request (JSON-RPC method or REST verb and path). */
  get lastMethod(): string {
    return this.method;
  }

  /** An exchange's entries come in a burst (its request, then its frames): written behind it (WriteOpts). */
  record<K extends A2aKind>(kind: K, direction: Entry["direction"], raw: EntryPayload<K>): Entry {
    return recordA2a(this.hub, this.ctx.agentId, this.reader.contextId ?? null, kind, direction, raw, BURST);
  }

  /** One frame's text: parsed, checked, recorded; the item goes to the exchange's listener. */
  frame(raw: string, extra: FrameExtra = {}): void {
    this.frames([this.reader.read(raw, extra, this.method)]);
  }

  /**
   * Frames that arrived together (one network read of a stream): recorded in order as one batch
   * (one pass through the store's group commit, one broadcast to the page), then each item handed
   * to the exchange's listener with its entry.
   */
  private frames(read: readonly ReadFrame[]): void {
    this.handOver(read, this.recordRead(read));
  }

  /** Frames recorded as one batch of the exchange's burst. */
  private recordRead(read: readonly ReadFrame[]): Entry[] {
    const records = read.map((r) => r.record);
    return this.hub.recordAll(records, BURST);
  }

  private handOver(read: readonly ReadFrame[], entries: readonly Entry[]): void {
    read.forEach((r, i) => {
      if (r.item) this.ctx.onItem?.(r.item, entries[i]!);
    });
  }

  /** A request made without fetch (gRPC): recorded like fetchWith's; the frames after it are named after it. */
  request(method: string, url: string, headers: Record<string, string>, body: unknown): void {
    this.method = method;
    this.recordRequest(method, url, maskHeaders(headers), body);
  }

  /** A request, its headers masked already. */
  private recordRequest(method: string, url: string, headers: Record<string, string>, body: unknown): void {
    const { exchangeId, transport, secrets } = this.ctx;
    this.record("a2a_request", "out", { exchangeId, transport, method, url, headers, body: maskSecretValues(body, secrets ?? []) });
  }

  /** The agent's event stream arrived (tapStream; grpc-wire.ts for a gRPC server stream): before any of its frames. */
  streamOpened(): void {
    this.ctx.onStreamOpen?.();
  }

  /** The fetch handed to the SDK transport: `headers` (the agent's saved ones) go on every request. */
  fetchWith(headers: Record<string, string>): typeof fetch {
    return async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const merged = new Headers(init?.headers);
      for (const [k, v] of Object.entries(headers)) merged.set(k, v);
      const bodyText = typeof init?.body === "string" ? init.body : undefined;
      let body: unknown = bodyText;
      try {
        body = bodyText === undefined ? undefined : JSON.parse(bodyText);
      } catch {
        // Recorded as the text it was.
      }
      const rpcMethod = isRecord(body) ? body.method : undefined;
      this.method = typeof rpcMethod === "string" ? rpcMethod : `${init?.method ?? "GET"} ${new URL(url).pathname}`;
      const shownHeaders = maskWireHeaders(merged, savedHeaderNames(headers));
      const own = this.ctx.signal;
      const signal = own && init?.signal ? AbortSignal.any([own, init.signal]) : (own ?? init?.signal);
      const sent = fetchOnce(url, { ...init, headers: merged, ...(signal ? { signal } : {}) });
      // Recorded while the request travels (fetch writes it after this turn): recording it first
      // held the request back ~0.5 ms (issue 23). Always before anything of its answer: at the
      // latest when the response (or the failure) settles, which takes the agent at least a turn.
      // A recording that fails fails the call, as it did when it came first (never an uncaught throw).
      const method = this.method;
      let failed: { error: unknown } | undefined;
      let record = (): void => {
        record = () => undefined;
        try {
          this.recordRequest(method, url, shownHeaders, body);
        } catch (error) {
          failed = { error };
        }
      };
      const travelling = setImmediate(() => record());
      const res = await sent.finally(() => {
        clearImmediate(travelling);
        record();
      });
      if (failed) {
        void res.body?.cancel().catch(() => undefined);
        throw failed.error;
      }
      const type = res.headers.get("content-type") ?? "";
      // Only a call that asked for a stream waits for its first frame (a unary call answered with an
      // event stream gets its empty body at once, and fails on it as before).
      const streaming = merged.get("accept")?.includes("text/event-stream") ?? false;
      if (type.includes("text/event-stream") && res.body) return this.tapStream(res, streaming);
      const text = await res.text();
      if (text.trim()) this.frame(text, { status: res.status });
      else if (!res.ok)
        this.record("a2a_malformed", "in", {
          exchangeId: this.ctx.exchangeId,
          transport: this.ctx.transport,
          method: this.method,
          status: res.status,
          text: "",
          error: `HTTP ${res.status} with an empty body`,
        });
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  }

  /** Settles when the last SSE body this wire tapped has been read to its end (or failed). */
  streamEnded: Promise<string | undefined> = Promise.resolve(undefined);
  /** A frame of this exchange was malformed. */
  get sawMalformed(): boolean {
    return this.reader.sawMalformed;
  }

  /**
   * Reads the SSE body to its end, parsing and recording every event once (frame()): the exchange
   * follows the frames through `onItem`. The SDK is handed the same response with an empty body, so
   * it parses none of them again (that second parse cost as much as the bare client's whole work).
   * For a call that asked for a stream (`waitFirst`), that response is held back until the first
   * frame was recorded and queued for the page, or the stream ended or failed: the SDK's own work on
   * it (a reader, a decoder, its parser) then comes after that frame, not before it.
   */
  private tapStream(res: Response, waitFirst: boolean): Promise<Response> {
    this.streamOpened();
    // The events of one read, parsed (read()) only once their turn comes: the first is recorded
    // before the others of its read are even parsed.
    const arrived: { data: string; extra: FrameExtra }[] = [];
    const sse = new SseFeed((event) => arrived.push({ data: event.data, extra: extraOf(event) }));
    const decoder = new StringDecoder("utf8");
    const reader = res.body!.getReader();
    const signal = this.ctx.signal;
    // Aborting the fetch does not always error a body being read (seen with ADK's v0.3 SSE): the
    // read is cancelled here, so the stream ends at once.
    const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    let release = (): void => undefined;
    const sdkTurn = new Promise<void>((resolve) => (release = resolve));
    this.streamEnded = (async () => {
      let first = true;
      let atStart = true;
      let next = reader.read();
      try {
        for (;;) {
          const { done, value } = await next;
          // A read the read-ahead had already taken when the exchange was aborted is not recorded.
          if (signal?.aborted) return errorMessage(signal.reason);
          if (done) {
            this.endOfStream(sse, decoder.end(), arrived);
            return undefined;
          }
          // Read ahead: the next read is asked for before this one is handled, so the body keeps
          // being pulled from the socket meanwhile, as a piped stream is.
          next = reader.read();
          next.catch(() => undefined);
          let text = decoder.write(value);
          // A byte order mark may start the stream: dropped, as TextDecoder would (StringDecoder, twice as fast here, keeps it).
          if (atStart && text !== "") {
            atStart = false;
            if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          }
          // The first frame goes to the page on its own, before the rest of its read is even parsed:
          // the text is fed up to each blank line (LF or CRLF) until an event came (a comment may come
          // first). The parser is incremental: the same events as feeding the text whole.
          while (first) {
            const cut = blankLineEnd(text);
            if (cut < 0 || cut >= text.length) break;
            sse.feed(text.slice(0, cut));
            text = text.slice(cut);
            if (arrived.length > 0) {
              first = false;
              await this.firstAlone(arrived.splice(0));
              release();
            }
          }
          sse.feed(text);
          const events = arrived.splice(0);
          if (first && events.length > 1) {
            first = false;
            await this.firstAlone(events.splice(0, 1));
          }
          first &&= events.length === 0;
          this.frames(events.map((e) => this.reader.read(e.data, e.extra, this.method)));
          this.strayLines(sse);
          if (!first) release();
        }
      } catch (e) {
        // The body is let go of (its socket too), not left half read.
        void reader.cancel(e).catch(() => undefined);
        return causeCode(e) ?? errorMessage(e);
      } finally {
        signal?.removeEventListener("abort", onAbort);
        release();
      }
    })();
    const empty = () => new Response("", { status: res.status, statusText: res.statusText, headers: res.headers });
    return waitFirst ? sdkTurn.then(empty) : Promise.resolve(empty());
  }

  /**
   * The body ended: what the decoder held, then an event the agent left without its closing blank
   * line (recorded raw with why, not as a frame: the agent's client drops it).
   */
  private endOfStream(sse: SseFeed, rest: string, arrived: { data: string; extra: FrameExtra }[]): void {
    const cut = sse.end(rest);
    const read = arrived.splice(0).map((e) => this.reader.read(e.data, e.extra, this.method));
    for (const event of cut) read.push(this.reader.malformed(event.data, extraOf(event), this.method, CUT_EVENT));
    if (read.length > 0) this.frames(read);
    this.strayLines(sse);
  }

  /** Lines of the stream that are no SSE field (an HTML page), as one raw entry. */
  private strayLines(sse: SseFeed): void {
    const text = sse.takeStray();
    if (text !== null) this.frames([this.reader.malformed(text, NO_EXTRA, this.method, STRAY_LINES, false)]);
  }

  /**
   * A stream's first frame(s), recorded on their own: the page gets its turn before the exchange
   * hears of them (the send answers once the whole read is in).
   */
  private async firstAlone(events: readonly { data: string; extra: FrameExtra }[]): Promise<void> {
    const head = events.map((e) => this.reader.read(e.data, e.extra, this.method));
    const entries = this.recordRead(head);
    await yieldToPage();
    this.handOver(head, entries);
  }
}

const BURST: WriteOpts = { burst: true };

/** A frame's extra: the SSE event's type when it is not the default one. */
const extraOf = (event: { event?: string | undefined }): FrameExtra =>
  event.event && event.event !== "message" ? { sseEvent: event.event } : NO_EXTRA;
