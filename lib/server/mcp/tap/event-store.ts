import "server-only";
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";

/** Events kept per 2025-11-25 tap session for a client that resumes a stream (Last-Event-ID). */
const MAX_EVENTS = 1000;

/**
 * A bounded in-memory event store for one tap session: with it the SDK transport sends a priming
 * event and a `retry` hint on each SSE stream, and a client whose stream dropped mid-call resumes
 * it without losing the result (the spec's resumability, SEP-1699 polling).
 */
export class TapEventStore implements EventStore {
  private readonly events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];
  private counter = 0;

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}_${++this.counter}`;
    this.events.push({ id, streamId, message });
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    return id;
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
      if (event.streamId === streamId) await send(event.id, event.message);
    }
    return streamId;
  }
}
