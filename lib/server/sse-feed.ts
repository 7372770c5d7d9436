import { createParser, type EventSourceMessage } from "eventsource-parser";
import { LineAlignedText } from "@/lib/sse-aligned";

/** Why an event at the very end of a stream is recorded raw, not as a frame. */
export const CUT_EVENT =
  "The stream ended in the middle of this event (no blank line after it): an SSE client drops it, so the agent's client never sees it";
/** Why lines of an event stream are recorded raw. */
export const STRAY_LINES =
  "Lines that are not server-sent event fields (data:, event:, id:, retry: or a : comment): an SSE client drops them";
/** Stray lines kept between two takeStray() calls, at most (an HTML page of megabytes is not kept whole). */
export const STRAY_MAX_CHARS = 64 * 1024;

/**
 * An agent's event stream, fed as its text arrives, read as the SSE spec reads it, for a recorder
 * that must keep what a client would drop:
 * - A CR alone ends a line. The parser holds a CR that ends a text (a LF may follow, making one
 *   CRLF), so an agent ending its lines with CR alone had each event wait for its next write, and
 *   its last one never came. The CR is taken as a line end at once, and a LF that starts the next
 *   text after it is the rest of that CRLF.
 * - Lines that are no SSE field (an HTML page sent as `text/event-stream`) are kept, bounded, for
 *   the caller to record (takeStray()).
 * - At the end (end()), an event the agent left without its closing blank line is handed back:
 *   the spec has a client drop it; a recorder says so.
 */
export class SseFeed {
  private readonly parser;
  /** The text goes to the parser in whole lines (sse-aligned.ts: a join of two reads is slow to search). */
  private readonly aligned = new LineAlignedText((text) => this.parse(text));
  private afterCR = false;
  private stray: string[] = [];
  private strayChars = 0;
  /** Set while end() flushes: events completed by the end of the stream, not by the agent. */
  private cut: EventSourceMessage[] | null = null;

  constructor(onEvent: (event: EventSourceMessage) => void) {
    this.parser = createParser({
      onEvent: (event) => (this.cut ? this.cut.push(event) : onEvent(event)),
      onError: (error) => {
        if (this.strayChars > STRAY_MAX_CHARS) return;
        // One line is cut too: a page on a single line of megabytes is not kept whole.
        const whole = error.line ?? error.message;
        const room = STRAY_MAX_CHARS - this.strayChars;
        const line = whole.length > room ? `${whole.slice(0, room)}…` : whole;
        this.stray.push(line);
        this.strayChars += whole.length + 1;
      },
    });
  }

  feed(text: string): void {
    this.aligned.push(text);
  }

  private parse(text: string): void {
    if (this.afterCR) {
      this.afterCR = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    if (text === "") return;
    this.parser.feed(text);
    if (text.charCodeAt(text.length - 1) === 13) {
      this.afterCR = true;
      this.parser.feed("\n");
    }
  }

  /** The stream ended after `rest` (what a decoder held): the events it left unfinished. */
  end(rest = ""): EventSourceMessage[] {
    this.feed(rest);
    this.aligned.flush();
    const cut: EventSourceMessage[] = [];
    this.cut = cut;
    try {
      this.parser.feed("\n\n");
    } finally {
      this.cut = null;
    }
    return cut;
  }

  /** The stray lines since the last call, as one text; null when there were none. */
  takeStray(): string | null {
    if (this.stray.length === 0) return null;
    const more = this.strayChars > STRAY_MAX_CHARS ? `\n… (more lines not kept: over ${STRAY_MAX_CHARS} characters)` : "";
    const text = this.stray.join("\n") + more;
    this.stray = [];
    this.strayChars = 0;
    return text;
  }
}

/** Where the first blank line of an SSE text ends (lines ended by LF or CRLF), or -1. */
export function blankLineEnd(text: string): number {
  const lf = text.indexOf("\n\n");
  const crlf = text.indexOf("\r\n\r\n");
  if (lf < 0) return crlf < 0 ? -1 : crlf + 4;
  return crlf >= 0 && crlf < lf ? crlf + 4 : lf + 2;
}
