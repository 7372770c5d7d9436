import "server-only";
import type { TapTurnedAway } from "@/lib/contracts/taps";
import { processWide } from "@/lib/server/process-wide";

/**
 * What the tap panel says about sessions Loupe ended and clients it refused (issue 23): the last
 * ones per tap, in memory (a restart ends every session anyway), written by the limits (load.ts,
 * endpoint.ts) and read into the tap's view (store.ts).
 */
const MAX_PER_TAP = 10;
const KEY = Symbol.for("loupe.tapTurnedAway");

function all(): Map<string, TapTurnedAway[]> {
  return processWide(KEY, () => new Map<string, TapTurnedAway[]>());
}

/** Notes one ended session or refused request, newest first; the oldest go past MAX_PER_TAP. */
export function noteTurnedAway(tapId: string, what: Omit<TapTurnedAway, "at">): void {
  const list = all().get(tapId) ?? [];
  list.unshift({ at: Date.now(), ...what });
  if (list.length > MAX_PER_TAP) list.length = MAX_PER_TAP;
  all().set(tapId, list);
}

/** The tap's last ended sessions and refusals, newest first (a copy). */
export function turnedAwayOf(tapId: string): TapTurnedAway[] {
  return [...(all().get(tapId) ?? [])];
}
