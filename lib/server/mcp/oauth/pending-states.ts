// Read by the launcher's request gate (plain Node, outside any Next bundle) and written by the
// OAuth flow inside Next, in the same process: so no "server-only" import, and the map lives on
// globalThis under a Symbol.for key that both module graphs resolve to the same object.

/** The route the authorization server sends the browser back to (see lib/launcher/security.ts). */
export const OAUTH_CALLBACK_PATH = "/oauth/callback";

/** How long an authorization may take the user before its `state` is refused. */
export const PENDING_STATE_TTL_MS = 10 * 60_000;

interface PendingState {
  connectionId: string;
  expiresAt: number;
}

const KEY = Symbol.for("loupe.oauth.pendingStates");
type PendingGlobal = typeof globalThis & { [KEY]?: Map<string, PendingState> };

function states(): Map<string, PendingState> {
  const g = globalThis as PendingGlobal;
  g[KEY] ??= new Map();
  return g[KEY];
}

/** A new flow of `connectionId`: its earlier pending state (if any) stops being accepted. */
export function registerPendingState(state: string, connectionId: string, expiresAt: number): void {
  for (const [s, p] of states()) if (p.connectionId === connectionId) states().delete(s);
  states().set(state, { connectionId, expiresAt });
}

/** Whether `state` belongs to a flow that is still waiting for its callback. */
export function isPendingState(state: string | null | undefined, now = Date.now()): boolean {
  if (!state) return false;
  const p = states().get(state);
  if (!p) return false;
  if (p.expiresAt <= now) {
    states().delete(state);
    return false;
  }
  return true;
}

/** Single use: the first callback with a state takes it, whether the flow then succeeds or not. */
export function consumePendingState(state: string, now = Date.now()): PendingState | undefined {
  const p = states().get(state);
  states().delete(state);
  return p && p.expiresAt > now ? p : undefined;
}

export function dropPendingStates(connectionId: string): void {
  for (const [s, p] of states()) if (p.connectionId === connectionId) states().delete(s);
}
