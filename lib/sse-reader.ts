/**
 * A minimal text/event-stream reader over `fetch`, for the one live stream (/api/stream).
 * `EventSource` cannot send headers, so it could only authenticate with a cookie, and cookies
 * reach every port of the host; `fetch` sends Loupe's token in `x-loupe-token` instead and
 * `Last-Event-ID` by hand, so a reconnect still resumes where the last one stopped.
 */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/** Incremental parser (WHATWG "event stream interpretation"): feed text, get whole events. */
export class SseParser {
  private pending = "";
  private data: string[] = [];
  private event = "";
  private id: string | null = null;

  push(chunk: string): SseEvent[] {
    this.pending += chunk;
    const out: SseEvent[] = [];
    let nl: number;
    while ((nl = this.pending.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.pending.slice(0, nl);
      // A lone \r at the very end may be half of \r\n: wait for the next chunk.
      if (this.pending[nl] === "\r" && nl === this.pending.length - 1) break;
      this.pending = this.pending.slice(nl + (this.pending.startsWith("\r\n", nl) ? 2 : 1));
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      const ev = this.data.length ? { event: this.event || "message", data: this.data.join("\n"), id: this.id } : null;
      this.data = [];
      this.event = "";
      return ev;
    }
    if (line.startsWith(":")) return null; // comment: the priming line and the pings
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.id = value;
    return null;
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
  const res = await fetch(url, { headers: o.headers, signal: o.signal, credentials: "omit", cache: "no-store" });
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
