/**
 * The text of an event stream handed to an SSE parser (eventsource-parser) in whole lines.
 *
 * A parser fed a network read that ends inside a line keeps that end and joins it to the next read,
 * then searches the joined string for each line end; V8 searches such a string (a concatenation)
 * far more slowly than a read's own decoded text: 4–5 ms against 0.3 ms for an A2A relay's
 * 2,000-event, 600 KB stream read 64 KiB at a time (issue 23), the same on Loupe's page. Here each
 * read is handed on up to its last line end, and only the line that straddles two reads is joined
 * (that line, handed on alone, not a whole read).
 *
 * Nothing is held back but the start of a line (no line end yet): every event, comment or stray
 * line goes on as soon as its line end came, as when the parser is fed each read whole. A CR ending
 * a read goes on too (a LF may follow in the next read: the parser's own rule for CRLF decides), and
 * a read with a CR alone inside it goes on whole (streams ending lines with CR alone are rare).
 */
export class LineAlignedText {
  /** The start of a line: what came after the last line end handed on. */
  private tail = "";

  constructor(private readonly onText: (text: string) => void) {}

  push(text: string): void {
    if (text === "") return;
    const last = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
    if (last < 0) {
      this.tail += text;
      return;
    }
    // The parser decides what a CR is by the character after it (a CR ending a piece is held until
    // the next one): a read with a CR alone inside it goes on whole, as it came.
    if (loneCR(text)) return this.onText(this.take() + text);
    let from = 0;
    if (this.tail !== "") {
      // The line begun in earlier reads ends at this read's first line end (a CRLF taken whole).
      from = lineEnd(text);
      this.onText(this.take() + text.slice(0, from));
    }
    const cut = last + 1;
    if (cut > from) this.onText(from === 0 && cut === text.length ? text : text.slice(from, cut));
    this.tail = cut === text.length ? "" : text.slice(cut);
  }

  /** Whether the start of a line is held (a stream cut now would leave it). */
  get holding(): boolean {
    return this.tail !== "";
  }

  /** The stream ended: the line it left open is handed on. */
  flush(): void {
    const rest = this.take();
    if (rest !== "") this.onText(rest);
  }

  private take(): string {
    const tail = this.tail;
    this.tail = "";
    return tail;
  }
}

/** Whether `text` has a CR that ends a line alone (not followed by a LF), before its last character. */
function loneCR(text: string): boolean {
  for (let cr = text.indexOf("\r"); cr >= 0 && cr < text.length - 1; cr = text.indexOf("\r", cr + 1))
    if (text.charCodeAt(cr + 1) !== 10) return true;
  return false;
}

/** Where the first line of `text` (which has a line end) ends, past its LF, CR or CRLF. */
function lineEnd(text: string): number {
  const lf = text.indexOf("\n");
  const cr = text.indexOf("\r");
  const at = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
  return at + (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1);
}
