// Test-only: an Entry as the store or the stream hands it, built from what a test cares about.
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import type { TypedNewEntry } from "@/lib/contracts/entry-kinds";
import type { CallRecord } from "@/lib/contracts/calls";

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

/** An MCP message to record (Hub.record), received now on `connectionId`, holding `raw`. */
export function messageToRecord(raw: unknown, connectionId = "c1"): TypedNewEntry<"message"> {
  return {
    connectionId,
    sessionKey: null,
    receivedAt: Date.now(),
    sourceTime: null,
    direction: "in",
    protocol: "mcp",
    kind: "message",
    raw,
  };
}

/** A finished, successful call row (what the call store saves): tool `t` on connection c1, or as `over` says. */
export function finishedCall(id: string, over: Partial<CallRecord> = {}): CallRecord {
  return { id, connectionId: "c1", tool: "t", args: {}, requestId: 1, startedAt: 1, endedAt: 2, timeoutMs: 1000, status: "ok", ...over };
}
