/**
 * Stored sessions and the user's own messages. `GET …/sessions/{sid}` returns
 * `{id,appName,userId,state,events,lastUpdateTime}` in both languages (JS ms, Python s); the list
 * endpoint returns a paginated object in JS and an array in Python (adk.md §2, §3).
 */
import { field, isRecord, rec, str, toEpochMs } from "./guards";
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

/**
 * A raw user Event for a `newMessage` Loupe sent. `/run_sse` never echoes the user's message
 * (adk.md §0.3), so the adapter records it itself; this is what makes an answer to a pause visible
 * to the timeline before the stored session is re-read.
 */
export function userMessageEvent(newMessage: AdkContent, opts: UserEventOptions = {}): Record<string, unknown> {
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
