import "server-only";
import { LineAlignedText } from "@/lib/sse-aligned";

/** One server-sent event as received: its name (default "message"), its id, its data lines joined by \n. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * An incremental parser of `text/event-stream` (the WHATWG rules LangGraph's server writes by):
 * lines end with LF, CRLF or CR, a blank line dispatches, `:` lines are comments, `data` lines
 * are joined by "\n", unknown fields are ignored. Chunks may split anywhere, a CRLF included.
 * Loupe's own rather than a library's so that what a cut stream leaves is visible (`pending`).
 */
export class SseParser {
  private buffer = "";
  /** The last chunk ended with CR: an LF opening the next one belongs to it. */
  private afterCr = false;
  private event = "";
  private id: string | undefined;
  private data: string[] = [];
  /** A field line was read since the last dispatch. */
  private started = false;

  /** Reads come in whole lines (sse-aligned.ts: a read joined to the one before is slow to search). */
  private readonly aligned = new LineAlignedText((text) => this.lines(text));

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  feed(chunk: string): void {
    this.aligned.push(chunk);
  }

  private lines(chunk: string): void {
    let text = chunk;
    if (this.afterCr && text.startsWith("\n")) text = text.slice(1);
    this.afterCr = false;
    this.buffer += text;
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf("\r", start);
      const lf = this.buffer.indexOf("\n", start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      this.line(this.buffer.slice(start, end));
      if (this.buffer[end] === "\r" && end + 1 === this.buffer.length) this.afterCr = true;
      start = this.buffer[end] === "\r" && this.buffer[end + 1] === "\n" ? end + 2 : end + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** Something arrived that no blank line dispatched yet: what a stream cut mid-event leaves. */
  get pending(): boolean {
    return this.started || this.buffer.length > 0 || this.aligned.holding;
  }

  /** The stream ended: an event not closed by a blank line is dispatched anyway (and reported). */
  end(): { cut: boolean } {
    const cut = this.pending;
    this.aligned.flush();
    if (this.buffer.length > 0) this.line(this.buffer);
    this.buffer = "";
    if (this.started) this.dispatch();
    return { cut };
  }

  private line(line: string): void {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.event = value;
        break;
      case "data":
        this.data.push(value);
        break;
      case "id":
        if (!value.includes("\0")) this.id = value;
        break;
      default:
        // `retry` and unknown fields: nothing Loupe acts on.
        return;
    }
    this.started = true;
  }

  private dispatch(): void {
    if (this.started && (this.data.length > 0 || this.event !== "")) {
      this.onEvent({ event: this.event || "message", ...(this.id !== undefined ? { id: this.id } : {}), data: this.data.join("\n") });
    }
    this.event = "";
    this.data = [];
    this.started = false;
    // The id persists across events (the spec's "last event ID"), but an event without one does not claim it.
    this.id = undefined;
  }
}

/** The data of an event parsed as JSON, or the text with why not (kept and flagged, never dropped). */
export function parseEventData(data: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(data) };
  } catch (e) {
    return { ok: false, error: `Not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}
