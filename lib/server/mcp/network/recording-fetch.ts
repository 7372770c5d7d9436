import "server-only";
import { randomUUID } from "node:crypto";
import type { HttpExchange } from "@/lib/contracts/network";
import { causeOf } from "@/lib/server/mcp/oauth/recording-fetch";
import { maskBodyText, maskUrl } from "@/lib/server/mcp/oauth/mask";
import { maskWireHeaders } from "@/lib/server/secrets";
import { BodyMeter, CappedText, SseMeter, addMessages, carriedIn } from "@/lib/server/mcp/network/body-meter";
import type { Carried } from "@/lib/server/mcp/network/body-meter";

/** The SDKs' `fetch` option (v1 and v2 spell it alike); kept local so neither SDK is imported here. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** An answer that carried no JSON-RPC message keeps this much of its (masked) text. */
export const PREVIEW_LIMIT = 2048;

/**
 * Ids of the event streams open in this process. A stream recorded `open` whose id is not here
 * was cut by Loupe stopping: it never got its final record (see networkLog).
 */
// On globalThis: Next may load this module once per route bundle, and the transport that opens a
// stream is not created by the route that lists it (same reason as the registry).
const OPEN_KEY = Symbol.for("loupe.network.openStreams");
export const openStreams: Set<string> = ((globalThis as Record<symbol, unknown>)[OPEN_KEY] ??= new Set<string>()) as Set<string>;

/** Where a connection's exchanges go, and which of its header names are secrets. */
export interface NetworkSink {
  record(exchange: HttpExchange): void;
  /** Lower-case header names whose values are masked whatever they look like (the configured headers). */
  secretHeaders?: ReadonlySet<string>;
}

function bodyOf(body: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.message}${causeOf(error)}` : String(error);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || /aborted/i.test(error.message));
}

function preview(text: CappedText, contentType: string | null): string | undefined {
  const whole = text.whole;
  if (whole === undefined || whole === "") return undefined;
  const masked = maskBodyText(whole.slice(0, PREVIEW_LIMIT * 4), contentType);
  const shown = typeof masked === "string" ? masked : JSON.stringify(masked);
  if (shown === undefined) return undefined;
  return shown.length > PREVIEW_LIMIT ? `${shown.slice(0, PREVIEW_LIMIT)}…` : shown;
}

/**
 * Passes a body through unchanged while `push` sees each chunk; `finish` runs once, when the
 * reader reaches the end, cancels, or the body breaks off.
 */
function metered(
  body: ReadableStream<Uint8Array>,
  push: (chunk: Uint8Array) => void,
  finish: (state: HttpExchange["state"], error?: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        finish(isAbort(error) ? "aborted" : "error", error);
        controller.error(error);
        return;
      }
      if (next.done) {
        finish("done");
        controller.close();
        return;
      }
      push(next.value);
      controller.enqueue(next.value);
    },
    cancel(reason) {
      finish("aborted");
      return reader.cancel(reason);
    },
  });
}

/**
 * Wraps a remote transport's fetch so every HTTP exchange of the connection — MCP POSTs, the GET
 * event stream, DELETE, OAuth discovery and token requests — becomes one masked `HttpExchange`:
 * recorded when its body ends (an event stream also when it opens), or at once when no answer
 * came. The body reaches the SDK untouched; only counts and message ids are kept.
 */
export function networkFetch(base: FetchLike | undefined, sink: NetworkSink | undefined): FetchLike | undefined {
  if (!sink) return base;
  const inner: FetchLike = base ?? ((url, init) => fetch(url, init));
  return async (input, init) => {
    const startedAt = Date.now();
    const t0 = performance.now();
    const since = () => Math.round((performance.now() - t0) * 10) / 10;
    const method = (init?.method ?? "GET").toUpperCase();
    const sent = bodyOf(init?.body);
    const requestText = new CappedText();
    if (sent !== undefined) requestText.append(sent);
    const x: HttpExchange = {
      id: randomUUID(),
      state: "open",
      method,
      url: maskUrl(typeof input === "string" ? input : input.toString()),
      status: 0,
      requestHeaders: maskWireHeaders(new Headers(init?.headers), sink.secretHeaders),
      responseHeaders: {},
      startedAt,
      requestBytes: sent === undefined ? 0 : Buffer.byteLength(sent),
      responseBytes: 0,
      messages: [],
    };
    const out: Carried = { bytes: 0, events: 0, messages: [], omitted: 0 };
    if (sent !== undefined) addMessages(out, carriedIn(requestText, "out"));
    x.messages = out.messages;
    if (out.omitted) x.messagesOmitted = out.omitted;

    let res: Response;
    try {
      res = await inner(input, init);
    } catch (error) {
      sink.record({ ...x, state: isAbort(error) ? "aborted" : "error", durationMs: since(), error: errorText(error) });
      throw error;
    }
    x.status = res.status;
    x.headersMs = since();
    x.responseHeaders = maskWireHeaders(res.headers, sink.secretHeaders);
    const type = res.headers.get("content-type");
    const isStream = (type ?? "").toLowerCase().includes("text/event-stream");
    if (!res.body) {
      sink.record({ ...x, state: "done", durationMs: x.headersMs });
      return res;
    }
    const meter = isStream ? new SseMeter() : new BodyMeter();
    let finished = false;
    const finish = (state: HttpExchange["state"], error?: unknown) => {
      if (finished) return;
      finished = true;
      openStreams.delete(x.id);
      if (state === "done") meter.end();
      const c = meter.carried;
      const messages = [...x.messages, ...c.messages];
      const omitted = (x.messagesOmitted ?? 0) + c.omitted;
      const final: HttpExchange = { ...x, state, durationMs: since(), responseBytes: c.bytes, messages };
      if (omitted) final.messagesOmitted = omitted;
      if (isStream) final.stream = { events: c.events, ...(c.lastEventId !== undefined ? { lastEventId: c.lastEventId } : {}) };
      if (meter instanceof BodyMeter && c.messages.length === 0) {
        const p = preview(meter.text, type);
        if (p !== undefined) final.responsePreview = p;
      }
      if (error !== undefined && state === "error") final.error = errorText(error);
      sink.record(final);
    };
    // An event stream may stay open for the whole session: it is listed from the moment it opens.
    if (isStream) {
      openStreams.add(x.id);
      sink.record({ ...x, stream: { events: 0 } });
    }
    return new Response(
      metered(res.body, (chunk) => meter.push(chunk), finish),
      {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      },
    );
  };
}
