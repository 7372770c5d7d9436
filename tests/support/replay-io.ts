import type { PauseMet } from "@/lib/contracts/testing";
import { getInbox } from "@/lib/server/inbox";
import type { ReplayIO } from "@/lib/server/testing/driver";

/**
 * A replay's io whose case is stopped (as at its timeout) while the first pause is reported, which
 * the script still answers: a driver must answer nothing after that (issue 24, review #14).
 */
export function stoppedAtFirstPause(answer: unknown): { io: ReplayIO; met: PauseMet[] } {
  const stop = new AbortController();
  const met: PauseMet[] = [];
  const io: ReplayIO = {
    signal: stop.signal,
    pause: (m) => {
      met.push(m);
      stop.abort("timeout");
      return { ok: true, index: 0, answer };
    },
    refused: () => undefined,
    note: () => undefined,
  };
  return { io, met };
}

/** The reason a request a test replay left is stale with (AG-UI's and LangGraph's). */
export const LEFT_BY_REPLAY = "its test replay ended before answering it";

/**
 * What test replays' requests show (review #12): how many still wait, the reasons of those closed
 * stale, and how many the shared inbox lists (none should: they are the tests').
 */
export function leftByReplays(requests: readonly { id: string; status: string; reason?: string }[]): {
  pending: number;
  stale: (string | undefined)[];
  shown: number;
} {
  const shown = new Set(
    getInbox()
      .list()
      .map((r) => r.id),
  );
  return {
    pending: requests.filter((r) => r.status === "pending").length,
    stale: requests.filter((r) => r.status === "stale").map((r) => r.reason),
    shown: requests.filter((r) => shown.has(r.id)).length,
  };
}
