/**
 * Stored sessions and the user's own messages. `GET …/sessions/{sid}` returns
 * `{id,appName,userId,state,events,lastUpdateTime}` in both languages (JS ms, Python s); the list
 * endpoint returns a paginated object in JS and an array in Python (adk.md §2, §3).
 */
import { isRecord } from "@/lib/values";
import { field, rec, str, toEpochMs } from "./guards";
import type { AdkContent } from "./types";

export interface AdkSession {
  id: string;
  appName: string;
  userId: string;
  state: Record<string, unknown>;
  /** Raw events, untouched: feed them to `buildTimeline`. */
  events: unknown[];
  lastUpdateTime: number | null;
}

/** A session object, or null when `raw` is not one. Missing `events`/`state` read as empty. */
export function parseSession(raw: unknown): AdkSession | null {
  if (!isRecord(raw)) return null;
  const id = str(raw.id);
  if (id === undefined) return null;
  const events = raw.events;
  return {
    id,
    appName: str(field(raw, "appName")) ?? "",
    userId: str(field(raw, "userId")) ?? "",
    state: rec(raw.state) ?? {},
    events: Array.isArray(events) ? events : [],
    lastUpdateTime: toEpochMs(field(raw, "lastUpdateTime")),
  };
}

/** JS `{sessions:[…],page,…}` or Python `[…]` → sessions (unparseable members skipped). */
export function parseSessionList(raw: unknown): AdkSession[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.sessions) ? raw.sessions : [];
  return list.map(parseSession).filter((s): s is AdkSession => s !== null);
}

export interface UserEventOptions {
  id?: string;
  /** Unknown when sending; "" keeps the event from counting as a new invocation. */
  invocationId?: string;
  /** Epoch ms. */
  timestamp?: number;
  stateDelta?: Record<string, unknown>;
}

/** A Content Loupe sent: ADK wire parts (answers) or the composer's (text, inline data); only embedded. */
export interface SentContent {
  role: AdkContent["role"];
  parts: readonly object[];
}

/**
 * A raw user Event for a `newMessage` Loupe sent. `/run_sse` never echoes the user's message
 * (adk.md §0.3), so the adapter records it itself; this is what makes an answer to a pause visible
 * to the timeline before the stored session is re-read.
 */
export function userMessageEvent(newMessage: SentContent, opts: UserEventOptions = {}): Record<string, unknown> {
  return {
    id: opts.id ?? "",
    invocationId: opts.invocationId ?? "",
    author: "user",
    content: newMessage,
    actions: { stateDelta: opts.stateDelta ?? {}, artifactDelta: {} },
    longRunningToolIds: [],
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  };
}

/** A recorded frame with the time Loupe received it (epoch ms). */
export interface TimedFrame {
  receivedAt: number;
  raw: unknown;
}

/**
 * The stored events with the frames the server streamed but did not store (stream errors,
 * malformed lines, unknown shapes) put back where they happened: each after the last stored
 * event not later than the frame. Both clocks are epoch ms (Python's seconds normalized).
 */
export function withUnstoredFrames(events: readonly unknown[], frames: readonly TimedFrame[]): unknown[] {
  if (frames.length === 0) return [...events];
  const sorted = [...frames].sort((a, b) => a.receivedAt - b.receivedAt);
  const out: unknown[] = [];
  let next = 0;
  for (const raw of events) {
    const at = toEpochMs(field(rec(raw) ?? {}, "timestamp"));
    // Frames received before this event was made come first.
    while (next < sorted.length && at !== null && sorted[next]!.receivedAt < at) out.push(sorted[next++]!.raw);
    out.push(raw);
  }
  while (next < sorted.length) out.push(sorted[next++]!.raw);
  return out;
}

/**
 * What a recorded ADK entry contributes to the timeline: a malformed line (`{text, error}`) as a
 * marked raw text (normalizeEvent shows it unrecognized, not as an error frame); anything else as is.
 */
export function frameRawOf(kind: string, raw: unknown): unknown {
  if (kind !== "malformed") return raw;
  const m = rec(raw) ?? {};
  return {
    malformedFrame: typeof m.text === "string" ? m.text : JSON.stringify(raw),
    parseError: typeof m.error === "string" ? m.error : "not JSON",
  };
}
