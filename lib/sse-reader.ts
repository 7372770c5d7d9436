/**
 * A minimal text/event-stream reader over `fetch`, for the one live stream (/api/stream).
 * `EventSource` cannot send headers, so it could only authenticate with a cookie, and cookies
 * reach every port of the host; `fetch` sends Loupe's token in `x-loupe-token` instead and
 * `Last-Event-ID` by hand, so a reconnect still resumes where the last one stopped.
 */
import { createParser } from "eventsource-parser";
import { LineAlignedText } from "@/lib/sse-aligned";

export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Incremental parser (WHATWG "event stream interpretation", by `eventsource-parser`): feed text,
 * get whole events. The last event id carries over to later events that name none, as in
 * EventSource, so a reconnect sends the newest one.
 */
export class SseParser {
  private out: SseEvent[] = [];
  private id: string | null = null;
  private readonly parser = createParser({
    onEvent: (message) => {
      if (message.id !== undefined && !message.id.includes("\0")) this.id = message.id;
      this.out.push({ event: message.event || "message", data: message.data, id: this.id });
    },
  });

  /** Reads go to the parser in whole lines (sse-aligned.ts: a join of two reads is slow to search). */
  private readonly aligned = new LineAlignedText((text) => this.parser.feed(text));

  push(chunk: string): SseEvent[] {
    this.aligned.push(chunk);
    const events = this.out;
    this.out = [];
    return events;
  }
}

export class StreamHttpError extends Error {
  constructor(readonly status: number) {
    super(`The event stream answered ${status}`);
  }
}

export interface ReadStreamOptions {
  headers: Headers;
  signal: AbortSignal;
  /** Called once the server has answered 2xx: the stream is live. */
  onOpen: () => void;
  onEvent: (ev: SseEvent) => void;
}

/**
 * Reads the stream until the server ends it (resolves) or it fails: a non-2xx answer rejects
 * with StreamHttpError, a dropped connection with the network error, an abort with AbortError.
 */
export async function readEventStream(url: string, o: ReadStreamOptions): Promise<void> {
  o.headers.set("accept", "text/event-stream");
  // Cookies only without the token: team mode's session (lib/client-token.ts, loupeCredentials).
  const credentials = o.headers.has("x-loupe-token") ? "omit" : "same-origin";
  const res = await fetch(url, { headers: o.headers, signal: o.signal, credentials, cache: "no-store" });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new StreamHttpError(res.status);
  }
  o.onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const ev of parser.push(value)) o.onEvent(ev);
    }
  } finally {
    reader.releaseLock();
  }
}
