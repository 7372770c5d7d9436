import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { Hub } from "@/lib/server/hub";

/** Helpers for the integration tests against a real `adk api_server` (tests/integration/adk-*.test.ts). */

export async function until(check: () => boolean, ms = 15_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every recorded entry of one agent server (optionally one session, one kind), ascending. */
export function recorded(
  hub: Hub,
  agentId: string,
  filter: { sessionKey?: string; kind?: string; protocol?: Entry["protocol"] } = {},
): Entry[] {
  return hub
    .list(agentId, { limit: 1_000_000 })
    .filter(
      (e) =>
        (filter.sessionKey === undefined || e.sessionKey === filter.sessionKey) &&
        (filter.kind === undefined || e.kind === filter.kind) &&
        (filter.protocol === undefined || e.protocol === filter.protocol),
    );
}

/** The whole raw text of everything recorded (to prove a secret never reached the store). */
export function allRecordedText(hub: Hub): string {
  return hub.store
    .entriesAfter(0, 10_000_000)
    .map((e) => JSON.stringify(e.raw))
    .join("\n");
}
