/**
 * Forking an ADK session at one event: the state the session had right after it, and which of its
 * keys a new session can take. ADK scopes keys by prefix (adk.md §5): `app:` and `user:` live in
 * shared stores every session of the app / user reads, `temp:` lives for one invocation and is
 * never persisted; the rest is the session's own.
 */
import { stateScope } from "@/lib/protocols/adk/items";
import { errorMessage, isRecord } from "@/lib/values";

/** Anything with ADK's `actions.stateDelta` (a raw event or a normalized one). */
export interface WithStateDelta {
  actions?: { stateDelta?: Record<string, unknown> } | null;
}

/** Session state right after event `index`: the initial state, then every stateDelta up to and including it, in order. */
export function stateAtEvent(initial: Record<string, unknown>, events: readonly WithStateDelta[], index: number): Record<string, unknown> {
  const state: Record<string, unknown> = { ...initial };
  const last = Math.min(index, events.length - 1);
  for (let i = 0; i <= last; i++) {
    const delta = events[i]?.actions?.stateDelta;
    if (isRecord(delta)) Object.assign(state, delta);
  }
  return state;
}

export interface ForkPlan {
  /** The session's own keys: what the new session is created with (the user may edit them). */
  session: Record<string, unknown>;
  /** `app:` / `user:` keys as they were at the event; shared, so sending them overwrites the shared value. */
  shared: Record<string, unknown>;
  /** `temp:` keys: never persisted, never sent. */
  temp: string[];
}

export function forkPlan(state: Record<string, unknown>): ForkPlan {
  const plan: ForkPlan = { session: {}, shared: {}, temp: [] };
  for (const [key, value] of Object.entries(state).sort(([a], [b]) => a.localeCompare(b))) {
    const scope = stateScope(key);
    if (scope === "temp") plan.temp.push(key);
    else if (scope === "session") plan.session[key] = value;
    else plan.shared[key] = value;
  }
  return plan;
}

/** The `state` of the new session: the (edited) session keys, plus the shared keys only when asked. */
export function forkState(
  session: Record<string, unknown>,
  shared: Record<string, unknown>,
  includeShared: boolean,
): Record<string, unknown> {
  // A temp: key typed into the editor would be dropped by the server anyway; say nothing, send nothing.
  const own = Object.fromEntries(Object.entries(session).filter(([k]) => stateScope(k) !== "temp"));
  return includeShared ? { ...own, ...shared } : own;
}

export type ObjectParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** A JSON object typed by the user (blank is `{}`); anything else explains itself. */
export function parseJsonObject(text: string, what: string): ObjectParse {
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${what}: invalid JSON (${errorMessage(e)})` };
  }
  if (!isRecord(value)) return { ok: false, error: `${what} must be a JSON object ({"key": value})` };
  return { ok: true, value };
}
