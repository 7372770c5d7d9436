// Test-only: an Entry as the store or the stream hands it, built from what a test cares about.
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";

/** A recorded entry of `kind` under `protocol` holding `raw`; the rest fixed (seq 1, connection c1, local), or as `over` says. */
export function entryOf(protocol: EntryProtocol, kind: string, raw: unknown, over: Partial<Entry> = {}): Entry {
  return {
    seq: 1,
    connectionId: "c1",
    sessionKey: null,
    receivedAt: 1,
    sourceTime: null,
    direction: "local",
    protocol,
    kind,
    raw,
    rawBytes: 10,
    ...over,
  };
}
