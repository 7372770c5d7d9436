import "server-only";
import { logLine } from "@/lib/log-text";
import { endTapSession } from "@/lib/server/mcp/tap/serve";
import type { TapRecord } from "@/lib/server/mcp/tap/store";
import { noteTurnedAway } from "@/lib/server/mcp/tap/turned-away";
import { processWide } from "@/lib/server/process-wide";

/**
 * Limits per tap, so a key holder cannot exhaust Loupe's memory: at most `LOUPE_TAP_MAX_SESSIONS`
 * 2025-11-25 sessions (default 64), of which `LOUPE_TAP_MAX_CLIENT_SESSIONS` per client (its
 * initialize's clientInfo name, with the tap's key; default 16), and `LOUPE_TAP_MAX_INFLIGHT`
 * requests being answered at once, both eras, open streams included (default 256). Kept here,
 * before dispatch: a request counts until its answer ends or its client goes away. Sessions are
 * known from the initialize answers' `Mcp-Session-Id`. A client at its own cap gives up its own
 * longest-idle session (all busy: 429 in words); at the tap's cap the client holding the most
 * sessions gives up its longest-idle one, so a client opening many sessions never pushes out
 * another's; none idle: 503 in words. An ended session's next request reads why (`endedWhy`).
 */
const limit = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
export const tapMaxSessions = () => limit("LOUPE_TAP_MAX_SESSIONS", 64);
export const tapMaxClientSessions = () => limit("LOUPE_TAP_MAX_CLIENT_SESSIONS", 16);
export const tapMaxInflight = () => limit("LOUPE_TAP_MAX_INFLIGHT", 256);

/** Ended sessions whose reason is kept for their client's next request. */
const MAX_ENDED = 256;

export interface LoadSession {
  /** The client that opened it (initialize's clientInfo name). */
  client: string;
  lastSeen: number;
  /** Requests of the session open now (GET streams, calls). */
  open: number;
  ids?: Set<string>;
}

export interface TapLoad {
  inflight: number;
  sessions: Map<string, LoadSession>;
  /** Session id → why Loupe ended it (newest MAX_ENDED). */
  ended: Map<string, string>;
  /** Set once this instance took the tap over from one that died (issue 25): why a session it never knew is unknown. */
  takenOver?: string;
}
const LOAD_KEY = Symbol.for("loupe.tapLoad");
export function loadOf(tapId: string): TapLoad {
  const all = processWide(LOAD_KEY, () => new Map<string, TapLoad>());
  let load = all.get(tapId);
  if (!load) all.set(tapId, (load = { inflight: 0, sessions: new Map(), ended: new Map() }));
  return load;
}

/** The words a session's client reads on its next request after Loupe ended it; undefined if it did not. */
export function endedWhy(load: TapLoad, sessionId: string): string | undefined {
  return load.ended.get(sessionId) ?? load.takenOver;
}

export type Room = { ok: true } | { ok: false; status: 429 | 503; message: string };

function longestIdle(sessions: [string, LoadSession][]): [string, LoadSession] | undefined {
  let oldest: [string, LoadSession] | undefined;
  for (const entry of sessions) if (entry[1].open === 0 && (!oldest || entry[1].lastSeen < oldest[1].lastSeen)) oldest = entry;
  return oldest;
}

/** Makes room for one more 2025-11-25 session of `client`: ends a session as the rules above say, or answers why not. */
export async function roomForSession(tap: TapRecord, load: TapLoad, client: string): Promise<Room> {
  const room = await makeRoom(tap, load, client);
  if (!room.ok) noteTurnedAway(tap.id, { kind: "refused", client, status: room.status, message: room.message });
  return room;
}

async function makeRoom(tap: TapRecord, load: TapLoad, client: string): Promise<Room> {
  const byClient = new Map<string, [string, LoadSession][]>();
  for (const entry of load.sessions) {
    const list = byClient.get(entry[1].client) ?? [];
    list.push(entry);
    byClient.set(entry[1].client, list);
  }
  const mine = byClient.get(client) ?? [];
  const perClient = tapMaxClientSessions();
  let victim: [string, LoadSession] | undefined;
  let why: string;
  if (mine.length >= perClient) {
    victim = longestIdle(mine);
    if (!victim)
      return {
        ok: false,
        status: 429,
        message: `The client "${client}" already has ${perClient} sessions open on this tap, all busy (LOUPE_TAP_MAX_CLIENT_SESSIONS): close one of them (its DELETE) or retry later`,
      };
    why = `"${client}" opened a new session and may keep ${perClient} on this tap (LOUPE_TAP_MAX_CLIENT_SESSIONS); this was its longest idle one`;
  } else if (load.sessions.size >= tapMaxSessions()) {
    // The clients holding the most sessions give one up first; a client holding no more than the
    // newcomer will is never pushed out by it.
    const holders = [...byClient.values()].filter((list) => list === mine || list.length > mine.length + 1);
    holders.sort((a, b) => b.length - a.length);
    for (const list of holders) if ((victim = longestIdle(list))) break;
    if (!victim)
      return {
        ok: false,
        status: 503,
        message: `This tap has ${tapMaxSessions()} open sessions, all busy (LOUPE_TAP_MAX_SESSIONS): close one (its client's DELETE) or retry later`,
      };
    why = `this tap was at its ${tapMaxSessions()} sessions (LOUPE_TAP_MAX_SESSIONS) when "${client}" opened one; "${victim[1].client}" held the most and this was its longest idle`;
  } else return { ok: true };
  const [id] = victim;
  load.sessions.delete(id);
  const message = `Loupe ended session ${id}: ${why}. Initialize again to go on.`;
  load.ended.set(id, message);
  if (load.ended.size > MAX_ENDED) load.ended.delete(load.ended.keys().next().value ?? "");
  logLine(`[loupe] tap ${tap.id}: ${message}`);
  noteTurnedAway(tap.id, { kind: "ended", client: victim[1].client, message });
  await endTapSession(tap.id, id);
  return { ok: true };
}
