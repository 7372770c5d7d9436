import "server-only";
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import { isRecord } from "@/lib/values";

/** Events kept per 2025-11-25 tap session for a client that resumes a stream (Last-Event-ID). */
const MAX_EVENTS = 1000;

const MiB = 1024 * 1024;
const limit = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
/** Bytes of events kept for resumption per session (LOUPE_TAP_REPLAY_SESSION_BYTES, default 8 MiB). */
export const replaySessionBytes = () => limit("LOUPE_TAP_REPLAY_SESSION_BYTES", 8 * MiB);
/** Bytes of events kept for resumption by all of a tap's sessions (LOUPE_TAP_REPLAY_TAP_BYTES, default 32 MiB). */
export const replayTapBytes = () => limit("LOUPE_TAP_REPLAY_TAP_BYTES", 32 * MiB);

/**
 * About how many bytes a message takes as JSON, without writing it out (a 1 MiB result would be
 * copied once more just to be measured): strings count their length, every other node a few bytes.
 */
export function approxBytes(value: unknown, depth = 0): number {
  if (typeof value === "string") return value.length + 2;
  if (value === null || typeof value !== "object" || depth > 32) return 8;
  let n = 2;
  if (Array.isArray(value)) for (const item of value) n += approxBytes(item, depth + 1) + 1;
  else for (const [key, item] of Object.entries(value)) n += key.length + 4 + approxBytes(item, depth + 1);
  return n;
}

interface Stored {
  id: string;
  streamId: string;
  /** None for a stream's priming event (nothing to replay, but the stream's place in the order). */
  message?: JSONRPCMessage;
  bytes: number;
}

/** The stores of one tap's sessions, so their total stays under the tap's bound. */
export class TapReplayBudget {
  readonly stores = new Set<TapEventStore>();

  bytes(): number {
    let n = 0;
    for (const store of this.stores) n += store.bytes;
    return n;
  }

  /** Drops the oldest events of the largest stores until the tap is under its bound. */
  enforce(): void {
    let total = this.bytes();
    const max = replayTapBytes();
    while (total > max) {
      let largest: TapEventStore | undefined;
      for (const store of this.stores) if (!largest || store.bytes > largest.bytes) largest = store;
      if (!largest || largest.bytes === 0) return;
      total -= largest.dropOldest();
    }
  }
}

/**
 * A bounded in-memory event store for one tap session: with it the SDK transport sends a priming
 * event and a `retry` hint on each SSE stream, and a client whose stream dropped mid-call resumes
 * it without losing the result (the spec's resumability, SEP-1699 polling). Bounded in events, in
 * bytes per session and per tap (the oldest go first), and a stream's events are dropped once it
 * was written to its end (`dropRequest`): a client that read the whole answer resumes nothing.
 */
export class TapEventStore implements EventStore {
  private events: Stored[] = [];
  private counter = 0;
  /** What the events kept weigh, about (approxBytes). */
  bytes = 0;
  /** Request id (JSON) → the stream that carried its answer, once the answer was stored. */
  private readonly answered = new Map<string, string>();

  constructor(private readonly budget?: TapReplayBudget) {
    budget?.stores.add(this);
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    return this.keep(streamId, message);
  }

  /** Keeps one event of a stream (a priming event without `message`); answers its id. */
  keep(streamId: string, message?: JSONRPCMessage): string {
    const id = `${streamId}_${++this.counter}`;
    const bytes = message ? approxBytes(message) : 8;
    const sent: unknown = message;
    if (isRecord(sent) && sent.id !== undefined && !("method" in sent)) {
      this.answered.set(JSON.stringify(sent.id), streamId);
      // Answers whose streams broke off are never dropped by id: keep the newest only.
      if (this.answered.size > MAX_EVENTS) this.answered.delete(this.answered.keys().next().value ?? "");
    }
    // An event larger than the session's bound is sent but not kept: a resumed stream goes on after it.
    if (bytes > replaySessionBytes()) return id;
    this.events.push({ id, streamId, ...(message ? { message } : {}), bytes });
    this.bytes += bytes;
    while (this.events.length > MAX_EVENTS || this.bytes > replaySessionBytes()) this.dropOldest();
    this.budget?.enforce();
    return id;
  }

  /** A stream's priming event: its id (a resumed stream replays what came after it). */
  prime(streamId: string): string {
    return this.keep(streamId);
  }

  /** Drops the oldest event; answers its bytes. */
  dropOldest(): number {
    const event = this.events.shift();
    if (!event) return 0;
    this.bytes -= event.bytes;
    return event.bytes;
  }

  /** The answer to request `id` (its JSON) was written to its end: that stream's events go. */
  dropRequest(id: string): void {
    const streamId = this.answered.get(id);
    if (streamId === undefined) return;
    this.answered.delete(id);
    this.events = this.events.filter((e) => {
      if (e.streamId !== streamId) return true;
      this.bytes -= e.bytes;
      return false;
    });
  }

  /** The session ended: nothing is kept, and the tap's bound no longer counts this store. */
  clear(): void {
    this.events = [];
    this.bytes = 0;
    this.answered.clear();
    this.budget?.stores.delete(this);
  }

  /** How many events are kept (tests). */
  get size(): number {
    return this.events.length;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((e) => e.id === eventId)?.streamId ?? eventId.slice(0, eventId.lastIndexOf("_"));
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const streamId = (await this.getStreamIdForEventId(lastEventId)) ?? "";
    const start = this.events.findIndex((e) => e.id === lastEventId);
    for (const event of this.events.slice(start + 1)) {
      if (event.streamId === streamId && event.message) await send(event.id, event.message);
    }
    return streamId;
  }
}
