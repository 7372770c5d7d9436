// The stdio ⇄ Streamable HTTP bridge behind `loupe tap` (issue 10). Dependency-free on purpose: it
// must run from a packed tarball (`npx loupe tap …` in a Claude Desktop config) without Loupe's
// dependencies installed. It is a bridge, not a proxy: messages pass through unchanged, so both
// MCP eras (2025-11-25 sessions, 2026-07-28 stateless requests) work without the bridge knowing
// either; only the transport headers are derived from the messages, as the SDK's HTTP client does.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/** The `_meta` key of a 2026-07-28 request's protocol revision (the SDK's PROTOCOL_VERSION_META_KEY). */
export const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

/** Which body field `Mcp-Name` mirrors, per method (SEP-2243; the SDK's MCP_NAME_HEADER_SOURCE). */
const MCP_NAME_SOURCE = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

/** JSON-RPC error code of a bridge failure (implementation-defined server error range). */
export const BRIDGE_ERROR = -32000;

// ── where the tap is ──────────────────────────────────────────────────────────────────────────

/** Loupe's data folder: LOUPE_DATA_DIR, else ~/.loupe (as server.ts and lib/server/store.ts decide). */
export function defaultDataDir(env = process.env) {
  return env.LOUPE_DATA_DIR || path.join(homedir(), ".loupe");
}

/** Thrown for a tap that cannot be found; the message is what the user reads. */
export class TapLookupError extends Error {}

/**
 * Finds a tap in `<data dir>/taps.json` (written by Loupe, `{ port, taps: [{ id, name, url, key }] }`)
 * by id first, then exact name, then a name differing only in case.
 */
export function findTap(dataDir, wanted) {
  const file = path.join(dataDir, "taps.json");
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e && e.code === "ENOENT") {
      throw new TapLookupError(
        `No taps.json in ${dataDir}: Loupe has not turned on a tap with this data folder. Open the server in Loupe, turn its Tap on, ` +
          `or pass --url and --key (or --data-dir if Loupe runs with another LOUPE_DATA_DIR).`,
      );
    }
    throw new TapLookupError(`Cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let taps;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed.stoppedAt === "number") {
      throw new TapLookupError(
        `Loupe is not running: it stopped (${file} names no port). Start Loupe (npm start) with this data folder; it writes its port there again.`,
      );
    }
    taps = Array.isArray(parsed?.taps) ? parsed.taps.filter((t) => t && typeof t.url === "string" && typeof t.key === "string") : null;
  } catch (e) {
    if (e instanceof TapLookupError) throw e;
    taps = null;
  }
  if (!taps) throw new TapLookupError(`${file} is not the taps file Loupe writes (expected { "taps": [{ "id", "name", "url", "key" }] }).`);
  const byId = taps.find((t) => t.id === wanted);
  if (byId) return byId;
  const exact = taps.filter((t) => t.name === wanted);
  const named = exact.length ? exact : taps.filter((t) => typeof t.name === "string" && t.name.toLowerCase() === wanted.toLowerCase());
  if (named.length === 1) return named[0];
  if (named.length > 1) {
    throw new TapLookupError(`Several taps are named "${wanted}" (${named.map((t) => t.id).join(", ")}): give the tap id instead.`);
  }
  const known = taps.length ? `Taps that are on: ${taps.map((t) => `"${t.name}" (${t.id})`).join(", ")}.` : "No tap is on.";
  throw new TapLookupError(`No tap "${wanted}" is on in Loupe (${file}). ${known} Turn it on in the server's Tap tab.`);
}

// ── proof that the listener is the Loupe holding the key ──────────────────────────────────────

/** Must match TAP_PROOF_PREFIX in lib/server/mcp/tap/endpoint.ts. */
const TAP_PROOF_PREFIX = "loupe-tap-proof-v1\n";

/**
 * Before a key read from taps.json is sent: the port there may be stale (Loupe stopped or
 * crashed) and another program may listen on it now. Asks `GET <tap url>/proof?nonce=…` (no key
 * sent) and checks the answer is HMAC-SHA256(key, prefix + port + tap id + nonce), which only the
 * Loupe holding the key on that port can give. Resolves to null when proven, else the refusal in words.
 */
export async function proveTap(url, key, signal) {
  const target = new URL(url);
  const port = target.port || (target.protocol === "https:" ? "443" : "80");
  const segments = target.pathname.replace(/\/+$/, "").split("/");
  let tapId;
  try {
    tapId = decodeURIComponent(segments.pop() ?? "");
  } catch {
    tapId = "";
  }
  const nonce = randomBytes(32).toString("hex");
  const proofUrl = new URL(target);
  proofUrl.pathname = `${target.pathname.replace(/\/+$/, "")}/proof`;
  proofUrl.search = `?nonce=${nonce}`;
  const refused = (why) =>
    `The program listening at ${target.origin} did not prove it is the Loupe holding this tap's key (${why}), so the key was not sent. ` +
    `Loupe may have stopped and another program taken its port: start Loupe (npm start), which writes its port to taps.json again.`;
  let body;
  try {
    const response = await fetch(proofUrl, {
      method: "GET",
      headers: { accept: "application/json" },
      redirect: "manual",
      signal: signal ?? AbortSignal.timeout(5000),
    });
    if (!response.ok) return refused(`it answered HTTP ${response.status} to the proof request`);
    body = await response.json();
  } catch (error) {
    const code = error?.cause?.code ?? error?.code;
    if (code === "ECONNREFUSED")
      return `Loupe is not running at ${target.origin} (connection refused). Start Loupe (npm start) and turn the tap on.`;
    return refused(`no valid answer: ${error?.cause?.message ?? error?.message ?? error}`);
  }
  const presented = typeof body?.proof === "string" && /^[0-9a-f]{64}$/.test(body.proof) ? Buffer.from(body.proof, "hex") : null;
  const expected = createHmac("sha256", key).update(`${TAP_PROOF_PREFIX}${port}\n${tapId}\n${nonce}`).digest();
  if (!presented || !timingSafeEqual(presented, expected)) return refused("its answer to the challenge is wrong");
  return null;
}

// ── SSE ───────────────────────────────────────────────────────────────────────────────────────

/**
 * An incremental text/event-stream parser (WHATWG rules: lines end in LF, CR or CRLF; `data:` lines
 * join with LF; a blank line dispatches; `:` lines are comments). `onEvent({ id, event, data })`.
 */
export function createSseParser(onEvent) {
  let buffer = "";
  let data = [];
  let event = "";
  let id;
  let lastId;
  const line = (l) => {
    if (l === "") {
      if (data.length) onEvent({ id, event: event || "message", data: data.join("\n") });
      if (id !== undefined) lastId = id;
      data = [];
      event = "";
      id = undefined;
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon === -1 ? l : l.slice(0, colon);
    let value = colon === -1 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  };
  return {
    push(chunk) {
      buffer += chunk;
      for (;;) {
        const m = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
        if (!m || (m[0] === "\r" && m.index === buffer.length - 1)) break;
        line(buffer.slice(0, m.index));
        buffer = buffer.slice(m.index + m[0].length);
      }
    },
    /** The id of the last dispatched event (for Last-Event-ID on a resumed GET stream). */
    get lastEventId() {
      return lastId;
    },
  };
}

// ── headers ───────────────────────────────────────────────────────────────────────────────────

/** An HTTP field value for Mcp-Name: plain printable ASCII as is, anything else as `=?base64?…?=`. */
export function encodeHeaderValue(s) {
  const plain = s.length > 0 && s === s.trim() && !(s.startsWith("=?base64?") && s.endsWith("?=")) && /^[\t\x20-\x7e]*$/.test(s);
  return plain ? s : `=?base64?${Buffer.from(s, "utf8").toString("base64")}?=`;
}

/**
 * The headers of one POST. A 2026-07-28 request carries its revision in `_meta`, and the server
 * cross-checks `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` against the body, so they are
 * derived from it; a 2025-11-25 session sends the negotiated revision and the session id.
 */
export function postHeaders(message, state) {
  const h = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${state.key}`,
  };
  if (state.sessionId) h["mcp-session-id"] = state.sessionId;
  if (state.protocolVersion) h["mcp-protocol-version"] = state.protocolVersion;
  const envelope = isRequest(message) ? message.params?._meta?.[PROTOCOL_VERSION_META_KEY] : undefined;
  if (typeof envelope === "string") {
    h["mcp-protocol-version"] = envelope;
    h["mcp-method"] = message.method;
    const field = Object.hasOwn(MCP_NAME_SOURCE, message.method) ? MCP_NAME_SOURCE[message.method] : undefined;
    const value = field && message.params ? message.params[field] : undefined;
    if (typeof value === "string") h["mcp-name"] = encodeHeaderValue(value);
    // SEP-2243: arguments a tool declares with x-mcp-header are mirrored as Mcp-Param-<Name>.
    const declared = message.method === "tools/call" ? state.paramHeaders?.get(message.params?.name) : undefined;
    for (const [arg, suffix] of declared ?? []) {
      const v = message.params?.arguments?.[arg];
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean")
        h[`mcp-param-${suffix.toLowerCase()}`] = encodeHeaderValue(String(v));
    }
  }
  return h;
}

/** From a tools/list result: tool name → [argument, header suffix] for each `x-mcp-header` argument. */
export function paramHeaderDeclarations(result) {
  const out = new Map();
  for (const tool of Array.isArray(result?.tools) ? result.tools : []) {
    const props = tool?.inputSchema?.properties;
    if (typeof tool?.name !== "string" || !props || typeof props !== "object") continue;
    const pairs = Object.entries(props).flatMap(([arg, schema]) =>
      typeof schema?.["x-mcp-header"] === "string" ? [[arg, schema["x-mcp-header"]]] : [],
    );
    if (pairs.length) out.set(tool.name, pairs);
  }
  return out;
}

export function isRequest(m) {
  return m !== null && typeof m === "object" && !Array.isArray(m) && typeof m.method === "string" && "id" in m;
}

// ── errors in words ───────────────────────────────────────────────────────────────────────────

/** What went wrong reaching the tap, in words (Loupe not running, tap off, wrong key, …). */
export function describeHttpFailure(status, url, body) {
  const detail = typeof body === "string" && body.trim() ? `: ${bodyWords(body)}` : "";
  if (status === 401)
    return `The tap refused the key (HTTP 401${detail}). Copy the key again from Loupe's Tap tab (it changes when rotated), or pass --key.`;
  if (status === 403) return `The tap refused the request (HTTP 403${detail}).`;
  if (status === 404)
    return `No tap is on at ${url} (HTTP 404${detail}): the tap was turned off or its server removed. Turn it on in Loupe's Tap tab.`;
  return `The tap at ${url} answered HTTP ${status}${detail}.`;
}

/** A fetch that never reached Loupe, in words. */
export function describeNetworkFailure(error, url) {
  const code = error?.cause?.code ?? error?.code;
  if (code === "ECONNREFUSED")
    return `Loupe is not running at ${new URL(url).origin} (connection refused). Start Loupe (npm start) and turn the tap on.`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Cannot resolve the host of ${url}.`;
  const why = error?.cause?.message ?? error?.message ?? String(error);
  return `Could not reach the tap at ${url}: ${why}.`;
}

function bodyWords(body) {
  try {
    const parsed = JSON.parse(body);
    const msg = parsed?.error?.message ?? parsed?.message;
    if (typeof msg === "string") return msg;
  } catch {
    /* not JSON: the text itself */
  }
  const text = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A JSON-RPC error reply to `id` carrying the failure in words. */
export function errorReply(id, message, data) {
  return { jsonrpc: "2.0", id, error: { code: BRIDGE_ERROR, message, ...(data === undefined ? {} : { data }) } };
}
