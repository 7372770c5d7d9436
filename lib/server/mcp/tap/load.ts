import "server-only";
import { routingFor } from "@/lib/server/mcp/tap/aggregate";
import { jsonRpcError, serveTap } from "@/lib/server/mcp/tap/serve";
import type { TapRecord } from "@/lib/server/mcp/tap/store";

/**
 * Limits per tap, so a key holder cannot exhaust Loupe's memory: at most `LOUPE_TAP_MAX_SESSIONS`
 * 2025-11-25 sessions (default 64) and `LOUPE_TAP_MAX_INFLIGHT` requests being answered at once,
 * both eras, open streams included (default 256). Kept here, before dispatch: a request counts
 * until its answer's body ends or is cancelled. Sessions are known from the initialize answers'
 * `Mcp-Session-Id`; at the cap the session with no open request that was seen longest ago is
 * ended (DELETE through the tap, as its client would) — one the idle sweep already ended counts
 * here until then, so the real number is never above the cap. None idle: 503 in words.
 */
const limit = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
export const tapMaxSessions = () => limit("LOUPE_TAP_MAX_SESSIONS", 64);
export const tapMaxInflight = () => limit("LOUPE_TAP_MAX_INFLIGHT", 256);

export interface TapLoad {
  inflight: number;
  /** Session id → when last seen and how many of its requests are open. */
  sessions: Map<string, { lastSeen: number; open: number; ids?: Set<string> }>;
}
const LOAD_KEY = Symbol.for("loupe.tapLoad");
export function loadOf(tapId: string): TapLoad {
  const g = globalThis as typeof globalThis & { [LOAD_KEY]?: Map<string, TapLoad> };
  const all = (g[LOAD_KEY] ??= new Map());
  let load = all.get(tapId);
  if (!load) all.set(tapId, (load = { inflight: 0, sessions: new Map() }));
  return load;
}

/** The same response, with `release` called once when its body ends, fails or is cancelled (or at once without a body). */
export function releasing(response: Response, release: () => void): Response {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    release();
  };
  if (!response.body) {
    once();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          once();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        once();
        controller.error(error);
      }
    },
    cancel(reason) {
      once();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Makes room for one more 2025-11-25 session: ends the longest-idle one at the cap; false when none is idle. */
export async function roomForSession(tap: TapRecord, load: TapLoad, url: string): Promise<boolean> {
  if (load.sessions.size < tapMaxSessions()) return true;
  let oldest: [string, { lastSeen: number }] | undefined;
  for (const entry of load.sessions) if (entry[1].open === 0 && (!oldest || entry[1].lastSeen < oldest[1].lastSeen)) oldest = entry;
  if (!oldest) return false;
  load.sessions.delete(oldest[0]);
  const end = new Request(url, { method: "DELETE", headers: { "mcp-session-id": oldest[0] } });
  await serveTap(tap, end, undefined, routingFor(tap)).catch(() => undefined);
  return true;
}

/** The answer when every session of a tap is busy (both transports). */
export function sessionsFull(): Response {
  return jsonRpcError(
    503,
    -32000,
    `This tap has ${tapMaxSessions()} open sessions, all busy (LOUPE_TAP_MAX_SESSIONS): close one (its client's DELETE) or retry later`,
    { "Retry-After": "5" },
  );
}
