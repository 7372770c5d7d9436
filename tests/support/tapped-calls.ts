import type { CallRecord } from "@/lib/contracts/calls";
import type { Entry } from "@/lib/contracts/entries";
import { getRegistry } from "@/lib/server/mcp/registry";

/**
 * A tapped call answers its client first: the finished call's row and the tap's `tap_exchange`
 * entry are written just after (CallRunner's `recordAfterAnswer`, lib/server/after-turn.ts). A test
 * that reads them as soon as its client's `callTool` resolves can see the call still `running`
 * (CI did, once, on a loaded machine). These wait for what was written, and return what was there
 * at the deadline so the assertion after them says what was seen.
 */

const pause = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The connection's calls (newest first) once there is one and none of them is still running. */
export async function settledCalls(connectionId: string, opts: { tool?: string } = {}, ms = 10_000): Promise<CallRecord[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const calls = getRegistry().listCalls(connectionId, opts);
    if ((calls.length > 0 && calls.every((c) => c.status !== "running")) || Date.now() > deadline) return calls;
    await pause();
  }
}

/** The tap's `tap_exchange` entries (their raw records, oldest first) once `enough` says so. */
export async function tapExchanges<T = Record<string, unknown>>(
  tapId: string,
  enough: (exchanges: T[]) => boolean,
  ms = 10_000,
): Promise<T[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const exchanges = getRegistry()
      .traffic(tapId, { limit: 500 })
      .filter((e: Entry) => e.kind === "tap_exchange")
      .map((e) => e.raw as T);
    if (enough(exchanges) || Date.now() > deadline) return exchanges;
    await pause();
  }
}
