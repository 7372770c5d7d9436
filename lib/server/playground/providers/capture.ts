import "server-only";
import type { Endpoint } from "@/lib/server/playground/providers/url-secrets";
import { maskUrl } from "@/lib/server/playground/providers/url-secrets";

/** One HTTP exchange with a provider as the playground records it: never the headers (they hold the key). */
export interface CapturedExchange {
  url: string;
  /** The JSON body sent (parsed), or its text when it was not JSON. */
  requestBody: unknown;
  /** null: no response (the connection failed or the request was aborted before one came). */
  status: number | null;
  /** The raw response text (the SSE text for a stream), cut at the cap. */
  responseBody: string;
  truncated: boolean;
}

export interface CaptureHooks {
  /** Called with the exact URL and body just before the request is sent. */
  onRequest?(url: string, body: unknown): void;
  /** Called once per request when its response body ended, failed or was cut. */
  onResponse?(exchange: CapturedExchange): void;
}

/** A stream answer of a long turn stays far below this; a bigger one is cut rather than held whole. */
export const MAX_CAPTURED_BYTES = 4 * 1024 * 1024;

export interface CaptureOptions {
  maxBytes?: number;
  /** Rewrites the parsed JSON body before it is sent (and captured): see model.ts, Gemini declarations. */
  rewriteBody?: (body: unknown) => unknown;
  /** Strings replaced by "[redacted]" in what is captured (the key, should an endpoint echo it). */
  redact?: readonly string[];
  /** The real fetch (tests may pass another). */
  fetch?: typeof globalThis.fetch;
  /** Where bodies still being captured are tracked (shared by the fetches of one model); default: its own. */
  pending?: Set<Promise<void>>;
  /** What the base URL carried besides the endpoint (url-secrets.ts): added to every request. */
  endpoint?: Pick<Endpoint, "query" | "authorization">;
}

export interface CapturingFetch {
  fetch: typeof globalThis.fetch;
  /** Resolves when every response begun so far has been reported to onResponse. */
  settled(): Promise<void>;
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

function parseBody(body: unknown): unknown {
  if (typeof body !== "string") return body === undefined || body === null ? null : `[${Object.prototype.toString.call(body)}]`;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("[redacted]");
  return out;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return value;
  const text = JSON.stringify(value);
  if (text === undefined) return value;
  const clean = redactText(text, secrets);
  if (clean === text) return value;
  const redacted: unknown = JSON.parse(clean);
  return redacted;
}

/**
 * A fetch for the provider SDKs that records each exchange as the provider saw it. The response
 * body is teed: the SDK reads its branch live (a stream stays a stream) while the other branch is
 * decoded into the captured text, up to `maxBytes`; past that the capture branch is cancelled so
 * it never holds back or buffers the SDK's branch.
 */
export function capturingFetch(hooks: CaptureHooks = {}, options: CaptureOptions = {}): CapturingFetch {
  const maxBytes = options.maxBytes ?? MAX_CAPTURED_BYTES;
  const redact = options.redact ?? [];
  const realFetch = options.fetch ?? globalThis.fetch;
  const pending = options.pending ?? new Set<Promise<void>>();

  const report = (exchange: CapturedExchange) => {
    try {
      hooks.onResponse?.({ ...exchange, responseBody: redactText(exchange.responseBody, redact) });
    } catch {
      // A recorder that throws must not break the model call.
    }
  };

  const wrapped = async (given: Parameters<typeof fetch>[0], givenInit?: RequestInit): Promise<Response> => {
    const { input, init } = withEndpoint(given, givenInit, options.endpoint);
    // What is recorded never carries a credential the base URL held (the request does).
    const url = maskUrl(redactText(urlOf(input), redact));
    let body = parseBody(init?.body);
    let sendInit = init;
    if (options.rewriteBody && typeof init?.body === "string" && typeof body === "object" && body !== null) {
      body = options.rewriteBody(body);
      sendInit = { ...init, body: JSON.stringify(body) };
    }
    const requestBody = redactValue(body, redact);
    try {
      hooks.onRequest?.(url, requestBody);
    } catch {
      // as above
    }
    let res: Response;
    try {
      res = await realFetch(input, sendInit);
    } catch (e) {
      report({ url, requestBody, status: null, responseBody: "", truncated: false });
      throw e;
    }
    if (!res.body) {
      report({ url, requestBody, status: res.status, responseBody: "", truncated: false });
      return res;
    }
    const [forSdk, forCapture] = res.body.tee();
    const done = drain(forCapture, maxBytes).then(({ text, truncated }) =>
      report({ url, requestBody, status: res.status, responseBody: text, truncated }),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return new Response(forSdk, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  return {
    fetch: wrapped,
    settled: () => settle(pending),
  };
}

/** The request with the base URL's query and Basic authorization (when it has no Authorization of its own). */
function withEndpoint(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
  endpoint: CaptureOptions["endpoint"],
): { input: Parameters<typeof fetch>[0]; init: RequestInit | undefined } {
  if (!endpoint || (endpoint.query.length === 0 && !endpoint.authorization)) return { input, init };
  const url = new URL(urlOf(input));
  for (const [name, value] of endpoint.query) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (endpoint.authorization && !headers.has("authorization")) headers.set("authorization", endpoint.authorization);
  const next = input instanceof Request ? new Request(url.href, input) : url.href;
  return { input: next, init: { ...init, headers } };
}

/** Resolves once no capture tracked in `pending` is running (captures begun meanwhile included). */
export async function settle(pending: Set<Promise<void>>): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Reads a stream to its end (or to `maxBytes`) as UTF-8 text; a failing stream keeps what came before. */
async function drain(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (bytes + value.byteLength > maxBytes) {
        text += decoder.decode(value.subarray(0, maxBytes - bytes), { stream: true });
        // Cancelling this branch alone leaves the SDK's branch (and the source) running.
        void reader.cancel().catch(() => undefined);
        // A character split at the cut is dropped rather than shown as U+FFFD.
        return { text, truncated: true };
      }
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    // The body failed mid-way (aborted, connection lost): what arrived is still the record.
  }
  return { text, truncated: false };
}
