import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { isSecretKey } from "@/lib/server/bundles/secrets";
import { AppError } from "@/lib/errors";
import type { TraceAbsent, RawSpan } from "@/lib/protocols/adk/trace";
import { getAgents } from "@/lib/server/adk/agents";
import { bodyMessage, seg, upstreamError, upstreamFetch } from "@/lib/server/adk/upstream";
import type { UpstreamTarget } from "@/lib/server/adk/upstream";
import { isRecord } from "@/lib/values";

export type EventTraceResult = { attributes: Record<string, unknown> } | TraceAbsent;
export type SessionTraceResult = { spans: RawSpan[] } | TraceAbsent;

export const NO_TRACE_ENDPOINT = "this server exposes no trace endpoint (not a dev server)";
export const NO_EVENT_SPAN =
  "no span for this event (only model calls and tool runs have one; the server keeps spans in memory, so a restarted server has none)";
const NOT_IMPLEMENTED = "this server does not implement the trace endpoint (HTTP 501)";

// Keys whose string values are secrets wherever they sit in a span attribute (headers, configs, tool
// args, state): the same rule bundle export applies (accessToken, clientSecret, user:github_token…).
function maskDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskDeep);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && typeof v === "string" ? SECRET_MASK : maskDeep(v);
  return out;
}

/** A JSON-string attribute (llm_request, tool args …) is masked inside and written back as a string. */
function maskAttribute(key: string, value: unknown): unknown {
  const leaf = key.split(".").pop() ?? key;
  if (isSecretKey(leaf) && typeof value === "string") return SECRET_MASK;
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    try {
      const parsed: unknown = JSON.parse(value);
      const masked = maskDeep(parsed);
      return JSON.stringify(masked) === JSON.stringify(parsed) ? value : JSON.stringify(masked);
    } catch {
      return value;
    }
  }
  return maskDeep(value);
}

export function maskAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, maskAttribute(k, v)]));
}

type Probe = { kind: "ok"; body: unknown } | { kind: "missing"; message: string } | { kind: "no_route" } | { kind: "not_implemented" };

/**
 * One spelling of a trace path. A 404 from the route itself (Express "Cannot GET", FastAPI
 * {"detail":"Not Found"}) reads as "no such endpoint"; a 404 with the server's own words
 * ("Trace not found") as "no span".
 */
async function probe(target: UpstreamTarget, path: string, what: string): Promise<Probe> {
  const res = await upstreamFetch(target, path);
  if (res.status === 501) return { kind: "not_implemented" };
  if (res.status === 404) {
    const text = await res.text().catch(() => "");
    const { message, body } = bodyMessage(text);
    if (!isRecord(body) || /^not found$/i.test(message)) return { kind: "no_route" };
    return { kind: "missing", message };
  }
  if (!res.ok) throw await upstreamError(res, what);
  const text = await res.text();
  try {
    const body: unknown = JSON.parse(text);
    return { kind: "ok", body };
  } catch {
    // An HTML page (e.g. a UI served at a catch-all) is not a trace endpoint either.
    return { kind: "no_route" };
  }
}

/** The dev spelling first (JS and new Python), then the old unprefixed one (Python 2025). */
async function probeBoth(target: UpstreamTarget, app: string, tail: string, what: string): Promise<Probe> {
  const first = await probe(target, `/dev/apps/${seg(app)}/debug/trace/${tail}`, what);
  if (first.kind !== "no_route") return first;
  return probe(target, `/debug/trace/${tail}`, what);
}

function absent(p: Exclude<Probe, { kind: "ok" }>, missing: string): TraceAbsent {
  if (p.kind === "not_implemented") return { absent: true, reason: NOT_IMPLEMENTED };
  if (p.kind === "no_route") return { absent: true, reason: NO_TRACE_ENDPOINT };
  return { absent: true, reason: missing };
}

export async function fetchEventTraceFrom(target: UpstreamTarget, app: string, eventId: string): Promise<EventTraceResult> {
  const what = "GET debug/trace";
  const p = await probeBoth(target, app, seg(eventId), what);
  if (p.kind !== "ok") return absent(p, NO_EVENT_SPAN);
  if (!isRecord(p.body)) throw new AppError("upstream:agent_malformed", `${what}: the answer is not an attribute object`, { body: p.body });
  return { attributes: maskAttributes(p.body) };
}

function toSpan(raw: unknown): RawSpan | null {
  if (!isRecord(raw) || typeof raw.span_id !== "string") return null;
  return { ...raw, span_id: raw.span_id, attributes: maskAttributes(isRecord(raw.attributes) ? raw.attributes : {}) };
}

export async function fetchSessionTraceFrom(target: UpstreamTarget, app: string, sessionId: string): Promise<SessionTraceResult> {
  const what = "GET debug/trace/session";
  const p = await probeBoth(target, app, `session/${seg(sessionId)}`, what);
  if (p.kind !== "ok") return absent(p, `no spans for this session: ${p.kind === "missing" ? p.message : ""}`);
  if (!Array.isArray(p.body)) throw new AppError("upstream:agent_malformed", `${what}: the answer is not a span list`, { body: p.body });
  return { spans: p.body.map(toSpan).filter((s): s is RawSpan => s !== null) };
}

/** The attributes of the span that produced one event (secrets masked), or why there is none. */
export function fetchEventTrace(agentId: string, app: string, eventId: string): Promise<EventTraceResult> {
  return fetchEventTraceFrom(getAgents().target(agentId), app, eventId);
}

/**
 * Every span the server kept for a session (raw snake_case, times in ns, secrets masked), or why
 * there are none. An empty list is an answer: JS keeps spans in memory only.
 */
export function fetchSessionTrace(agentId: string, app: string, sessionId: string): Promise<SessionTraceResult> {
  return fetchSessionTraceFrom(getAgents().target(agentId), app, sessionId);
}
