import "server-only";
import { AppError } from "@/lib/errors";
import { encodeWire } from "@/lib/contracts/wire-strings";
import type { ErrorCode } from "@/lib/errors";
import { errorMessage, isRecord } from "@/lib/values";

/** Where and how to reach one agent server. */
export interface UpstreamTarget {
  url: string;
  headers: Record<string, string>;
}

/** Until the response headers arrive; a /run_sse body then streams as long as the run lasts. */
export const HEADERS_TIMEOUT_MS = 15_000;

/** What a socket closed by the peer mid-response reads as. */
export const NETWORK_CLOSED = "the connection was closed";

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: NETWORK_CLOSED,
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
};

function causeOf(error: unknown): { code?: string; message?: string } {
  const c = isRecord(error) ? error.cause : undefined;
  if (!isRecord(c)) return {};
  // Node's happy-eyeballs wraps per-address failures in an AggregateError without a top-level code.
  const first: unknown = Array.isArray(c.errors) ? c.errors[0] : undefined;
  const code = typeof c.code === "string" ? c.code : isRecord(first) && typeof first.code === "string" ? first.code : undefined;
  return { ...(code ? { code } : {}), ...(typeof c.message === "string" && c.message ? { message: c.message } : {}) };
}

/** "connection refused", "host not found" … or the error's own words. */
export function describeNetworkError(error: unknown): string {
  const cause = causeOf(error);
  if (cause.code && NETWORK_WORDS[cause.code]) return NETWORK_WORDS[cause.code]!;
  if (cause.message) return cause.message;
  return errorMessage(error);
}

export function baseUrl(target: UpstreamTarget): string {
  return target.url.replace(/\/+$/, "");
}

export interface UpstreamInit {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  accept?: string;
}

/**
 * One request to the agent server with the saved custom headers. Network failures and timeouts
 * become AppErrors in words; an HTTP error status is returned as is (callers decide).
 */
export async function upstreamFetch(target: UpstreamTarget, path: string, init: UpstreamInit = {}): Promise<Response> {
  const base = baseUrl(target);
  const controller = new AbortController();
  const timeoutMs = init.timeoutMs ?? HEADERS_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) onAbort();
  init.signal?.addEventListener("abort", onAbort, { once: true });
  const headers = new Headers(target.headers);
  headers.set("accept", init.accept ?? "application/json");
  if (init.body !== undefined) headers.set("content-type", "application/json");
  try {
    return await fetch(base + path, {
      method: init.method ?? "GET",
      headers,
      signal: controller.signal,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (error) {
    init.signal?.removeEventListener("abort", onAbort);
    if (timedOut) throw new AppError("timeout:agent_server", `${base} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    if (init.signal?.aborted) throw new AppError("cancelled:agent_request", "The request was aborted");
    throw new AppError("upstream:unreachable", `cannot reach ${base}: ${describeNetworkError(error)}`);
  } finally {
    // The abort listener stays after success: aborting the caller's signal must also cut the body.
    clearTimeout(timer);
  }
}

const BODY_LIMIT = 2000;

/** The message an ADK error body carries: JS `{"error":…}`, Python `{"detail":…}`, or the text. */
export function bodyMessage(text: string): { message: string; body: unknown } {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    return { message: text.trim().slice(0, BODY_LIMIT), body };
  }
  const rec = isRecord(body) ? body : {};
  const raw = rec.error ?? rec.detail ?? rec.message;
  const message = typeof raw === "string" ? raw : raw !== undefined ? JSON.stringify(raw) : text.trim();
  return { message: message.slice(0, BODY_LIMIT), body };
}

function codeFor(status: number): ErrorCode {
  if (status === 404) return "not_found:agent_upstream";
  if (status === 409) return "conflict:agent_upstream";
  if (status === 400 || status === 422) return "bad_request:agent_upstream";
  if (status === 401 || status === 403) return "upstream:agent_auth";
  return "upstream:agent_http";
}

/** An HTTP error answer as an AppError: status, and the body's own message, kept in details. */
export async function upstreamError(res: Response, what: string): Promise<AppError> {
  const text = await res.text().catch(() => "");
  const { message, body } = bodyMessage(text);
  const suffix = message ? `: ${message}` : "";
  return new AppError(codeFor(res.status), `${what} failed with HTTP ${res.status}${suffix}`, { status: res.status, body });
}

/** GET/POST/DELETE returning JSON (null for an empty body); any HTTP error thrown as an AppError. */
export async function upstreamJson(target: UpstreamTarget, path: string, what: string, init: UpstreamInit = {}): Promise<unknown> {
  const res = await upstreamFetch(target, path, init);
  if (!res.ok) throw await upstreamError(res, what);
  const text = await res.text();
  if (!text.trim()) return null;
  try {
    const json: unknown = JSON.parse(text);
    return json;
  } catch {
    throw new AppError("upstream:agent_malformed", `${what}: the agent server answered with something that is not JSON`, {
      text: text.slice(0, BODY_LIMIT),
    });
  }
}

/** Path segment encoding for app, user, session and artifact names. */
export const seg = (value: string): string => encodeWire(value, "bad_request:adk_id");
