import "server-only";
import { discoverAnswerStep, handshakeFor, initializeAnswerStep } from "@/lib/server/mcp/doctor/initialize";
import { STEP_TIMEOUT_MS, withTimeout } from "@/lib/server/mcp/doctor/steps";
import type { RemoteConfig, StepVerdict } from "@/lib/server/mcp/doctor/steps";
import { networkWords, quote } from "@/lib/server/mcp/doctor/words";

/**
 * The HTTP probe of a remote endpoint (POST initialize, or GET for legacy SSE) and the pure
 * classification of its answer: HTTP status, WWW-Authenticate challenge, protocol version.
 */

/** What the endpoint answered to initialize (or why there was no answer). */
export type HttpAnswer =
  | { error: string; tls: boolean; /** The server took the request and sent nothing back within this many ms. */ silentMs?: number }
  | {
      status: number;
      contentType: string;
      location?: string;
      wwwAuthenticate?: string;
      body: string;
      /** For a POST that failed with 4xx: a GET with Accept text/event-stream opened an event stream. */
      legacySse?: boolean;
    };

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/i;

export async function httpProbe(config: RemoteConfig, bearerToken?: string): Promise<HttpAnswer> {
  const headers = new Headers(config.headers);
  if (bearerToken) headers.set("authorization", `Bearer ${bearerToken}`);
  // No longer than the connection's own request timeout: a server that never answers is told as soon as the connect was.
  const wait = Math.min(config.requestTimeoutMs, STEP_TIMEOUT_MS);
  let res: Response;
  try {
    if (config.transport === "sse") {
      headers.set("accept", "text/event-stream");
      res = await fetch(config.url, { method: "GET", headers, redirect: "manual", signal: AbortSignal.timeout(wait) });
    } else {
      headers.set("content-type", "application/json");
      headers.set("accept", "application/json, text/event-stream");
      const handshake = handshakeFor(config);
      // 2026-07-28 routes by headers too: the version and the method of the request.
      if (handshake.method === "server/discover") {
        headers.set("mcp-protocol-version", "2026-07-28");
        headers.set("mcp-method", "server/discover");
      }
      res = await fetch(config.url, {
        method: "POST",
        headers,
        body: JSON.stringify(handshake.request),
        redirect: "manual",
        signal: AbortSignal.timeout(wait),
      });
    }
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") return { error: networkWords(error), tls: false, silentMs: wait };
    const code = String((error as { cause?: { code?: unknown } }).cause?.code ?? "");
    return { error: networkWords(error), tls: TLS_CODE.test(code) };
  }
  const contentType = res.headers.get("content-type") ?? "";
  const body = await readSome(res, contentType.includes("text/event-stream"));
  const answer: HttpAnswer = {
    status: res.status,
    contentType,
    location: res.headers.get("location") ?? undefined,
    wwwAuthenticate: res.headers.get("www-authenticate") ?? undefined,
    body,
  };
  // End the session the probe opened, politely.
  const session = res.headers.get("mcp-session-id");
  if (session && res.ok) {
    const del = new Headers(config.headers);
    del.set("mcp-session-id", session);
    void fetch(config.url, { method: "DELETE", headers: del, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) })
      .then((r) => r.body?.cancel())
      .catch(() => undefined);
  }
  if (config.transport === "http" && res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403) {
    answer.legacySse = await looksLikeLegacySse(config);
  }
  return answer;
}

/** Reads up to 64 KB (an event stream only until its first data line or 3 s). */
async function readSome(res: Response, eventStream: boolean): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 3_000;
  try {
    while (text.length < 65_536 && Date.now() < deadline) {
      const next = await withTimeout(reader.read(), Math.max(1, deadline - Date.now()), "reading").catch(() => null);
      if (!next || next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (eventStream && /^data: ?\S/m.test(text) && /\n\n|\r\n\r\n/.test(text.slice(text.search(/^data:/m)))) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text;
}

async function looksLikeLegacySse(config: RemoteConfig): Promise<boolean> {
  const headers = new Headers(config.headers);
  headers.set("accept", "text/event-stream");
  try {
    const res = await fetch(config.url, { method: "GET", headers, redirect: "manual", signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || !type.includes("text/event-stream")) {
      await res.body?.cancel();
      return false;
    }
    const body = await readSome(res, true);
    return /^event: ?endpoint/m.test(body);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- classification (pure)

export interface WwwAuthenticate {
  scheme: string;
  params: Record<string, string>;
}

/** `Bearer resource_metadata="…", scope="a b", error="insufficient_scope"` → scheme and params. */
export function parseWwwAuthenticate(header: string): WwwAuthenticate {
  const scheme = /^\s*([A-Za-z][\w-]*)/.exec(header)?.[1] ?? "";
  const params: Record<string, string> = {};
  const re = /([A-Za-z_][\w-]*)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const m of header.slice(scheme.length).matchAll(re)) {
    params[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? "").replace(/\\(.)/g, "$1");
  }
  return { scheme, params };
}

export function authStep(status: number, wwwAuthenticate: string | undefined, oauthEnabled: boolean): StepVerdict {
  if (status === 401) {
    if (!wwwAuthenticate) {
      return {
        ok: false,
        detail: "HTTP 401 without a WWW-Authenticate header: the server wants credentials Loupe did not send (an API key header?)",
      };
    }
    const { scheme, params } = parseWwwAuthenticate(wwwAuthenticate);
    if (scheme.toLowerCase() !== "bearer")
      return { ok: false, detail: `HTTP 401: the server asks for ${scheme || "unknown"} authorization` };
    const parts = ["HTTP 401: the server needs OAuth"];
    if (params.resource_metadata) parts.push(`resource metadata at ${params.resource_metadata}`);
    if (params.scope) parts.push(`scope ${quote(params.scope)}`);
    if (params.error_description) parts.push(quote(params.error_description));
    parts.push(oauthEnabled ? "authorize in the Auth tab" : "turn on OAuth for this connection");
    return { ok: false, detail: parts.join("; ") };
  }
  if (status === 403) {
    const params = wwwAuthenticate ? parseWwwAuthenticate(wwwAuthenticate).params : {};
    if (params.error === "insufficient_scope") {
      const needs = params.scope ? ` (it needs scope ${quote(params.scope)})` : "";
      return { ok: false, detail: `HTTP 403 Forbidden: the token lacks a required scope${needs}` };
    }
    return { ok: false, detail: "HTTP 403 Forbidden: the server refused the credentials" };
  }
  return { ok: true, detail: "The server did not ask for authorization" };
}

export interface HttpVerdict extends StepVerdict {
  /** The protocol step that follows from the same answer. */
  protocol: StepVerdict;
}

const NOT_REACHED: StepVerdict = { ok: false, detail: "Not checked" };

/** The first JSON-RPC message of an event-stream body (its first `data:` event). */
export function firstSseData(body: string): unknown {
  for (const block of body.replace(/\r\n?/g, "\n").split("\n\n")) {
    const data = block
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data.trim()) continue;
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  }
  return undefined;
}

function mediaType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

/** Judges what a remote endpoint answered to the probe (POST initialize; GET for legacy SSE). */
export function classifyHttpAnswer(
  answer: HttpAnswer,
  transport: "http" | "sse",
  pathname: string,
  handshake: "initialize" | "server/discover" = "initialize",
): HttpVerdict {
  if ("error" in answer) {
    // "No answer…": the doctor does not ask a silent server again with the other handshake (index.ts).
    if (answer.silentMs !== undefined) {
      const what = transport === "sse" ? "the event stream's GET" : handshake;
      return { ok: false, detail: `No answer to ${what} within ${answer.silentMs / 1000} s`, protocol: NOT_REACHED };
    }
    const detail = answer.tls ? `TLS error: ${answer.error}` : `The HTTP request failed: ${answer.error}`;
    return { ok: false, detail, protocol: NOT_REACHED };
  }
  const { status } = answer;
  const type = mediaType(answer.contentType);
  const snippet = quote(answer.body || "(empty body)", 100);
  const fail = (detail: string): HttpVerdict => ({ ok: false, detail, protocol: NOT_REACHED });
  if (status >= 300 && status < 400) {
    return fail(`HTTP ${status}: the server redirects to ${answer.location ?? "(no Location header)"}; use that URL instead`);
  }
  if (status === 401 || status === 403) {
    return { ok: true, detail: `HTTP ${status}: the endpoint answered and asks for authorization`, protocol: NOT_REACHED };
  }
  if (answer.legacySse) {
    return {
      ok: true,
      detail: `HTTP ${status} to POST, but a GET opens an event stream with an "endpoint" event`,
      protocol: {
        ok: false,
        detail: "This looks like a legacy SSE endpoint (the 2024-11-05 HTTP+SSE transport): choose the SSE transport",
      },
    };
  }
  const method = transport === "sse" ? "GET" : "POST";
  if (status === 404) return fail(`HTTP 404 Not Found: nothing answers at ${pathname} (check the path; MCP servers often use /mcp)`);
  if (status === 405) return fail(`HTTP 405 Method Not Allowed: the endpoint does not accept ${method}`);
  if (status >= 500) return fail(`HTTP ${status}: the server failed while answering (${snippet})`);
  if (status >= 400)
    return fail(
      `HTTP ${status}: the server refused the ${transport === "sse" ? "event stream request" : `${handshake} request`} (${snippet})`,
    );
  if (type === "text/html") {
    return fail(
      `HTTP ${status}, but the answer is an HTML page, not JSON or an event stream: is this a web page rather than the MCP endpoint?`,
    );
  }
  if (transport === "sse") {
    if (type !== "text/event-stream")
      return fail(`HTTP ${status} with content type ${answer.contentType || "(none)"}; an SSE endpoint answers text/event-stream`);
    const endpoint = /^event: ?endpoint/m.test(answer.body);
    return {
      ok: true,
      detail: `HTTP ${status}: an event stream opened`,
      protocol: endpoint
        ? { ok: true, detail: "The server announced its message endpoint (legacy HTTP+SSE transport)" }
        : { ok: false, detail: 'The event stream did not announce a message endpoint (no "endpoint" event within 3 s)' },
    };
  }
  let message: unknown;
  if (type === "application/json") {
    try {
      message = JSON.parse(answer.body);
    } catch {
      return fail(`HTTP ${status} says application/json but the body is not JSON (${snippet})`);
    }
  } else if (type === "text/event-stream") {
    message = firstSseData(answer.body);
  } else {
    return fail(`HTTP ${status} with content type ${answer.contentType || "(none)"}; MCP answers application/json or text/event-stream`);
  }
  const init = handshake === "server/discover" ? discoverAnswerStep(message) : initializeAnswerStep(message);
  return { ok: true, detail: `HTTP ${status} (${type})`, protocol: init };
}
