import { describe, expect, it } from "vitest";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { LineAlignedText } from "@/lib/sse-aligned";

/** A small seeded generator: the same streams on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

type Ends = "lf" | "crlf" | "cr" | "mixed";

/** An event stream of `n` events (data on one or more lines, ids, event names, comments), its lines ended per `ends`. */
function stream(rnd: () => number, n: number, ends: Ends): string {
  const end = (): string => {
    const style = ends === "mixed" ? (["lf", "crlf", "cr"] as const)[Math.floor(rnd() * 3)]! : ends;
    return style === "lf" ? "\n" : style === "crlf" ? "\r\n" : "\r";
  };
  let text = "";
  for (let i = 0; i < n; i++) {
    if (rnd() < 0.2) text += `: comment ${i}${end()}`;
    if (rnd() < 0.3) text += `id: ${i}${end()}`;
    if (rnd() < 0.3) text += `event: kind${i % 3}${end()}`;
    const lines = 1 + Math.floor(rnd() * 3);
    for (let l = 0; l < lines; l++) text += `data: {"i":${i},"l":${l},"pad":"${"x".repeat(Math.floor(rnd() * 40))}…"}${end()}`;
    text += end();
  }
  return text;
}

/** Cuts `text` into reads of random sizes (1 to `most` characters). */
function reads(rnd: () => number, text: string, most: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(rnd() * most);
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}

/** A parser and what it dispatched; `aligned`: fed through LineAlignedText, with what each hand-over was. */
function reader(aligned: boolean) {
  const events: EventSourceMessage[] = [];
  const handed: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const front = new LineAlignedText((text) => {
    handed.push(text);
    parser.feed(text);
  });
  return {
    events,
    handed,
    push: (text: string) => (aligned ? front.push(text) : parser.feed(text)),
    end: () => {
      if (aligned) front.flush();
      parser.feed("\n\n");
    },
  };
}

describe("LineAlignedText", () => {
  it("hands the parser the same events as the text fed whole, each as soon as its blank line came, whatever the line ends and cuts", () => {
    const rnd = random(7);
    for (const ends of ["lf", "crlf", "cr", "mixed"] as const) {
      for (let round = 0; round < 8; round++) {
        const text = stream(rnd, 1 + Math.floor(rnd() * 20), ends);
        const whole = reader(false);
        whole.push(text);
        whole.end();
        for (const most of [1, 3, 17, 200, text.length]) {
          const plain = reader(false);
          const cut = reader(true);
          for (const read of reads(rnd, text, most)) {
            plain.push(read);
            cut.push(read);
            // Never later than a parser fed the reads as they came (nothing held that ends an event).
            expect(cut.events).toEqual(plain.events);
          }
          cut.end();
          expect(cut.events).toEqual(whole.events);
        }
      }
    }
  });

  it("hands on LF and CRLF streams in whole lines, so the parser never joins two reads: only the line that straddles them is joined", () => {
    const rnd = random(11);
    for (const ends of ["lf", "crlf"] as const) {
      const text = stream(rnd, 200, ends);
      const cut = reader(true);
      const parts = reads(rnd, text, 4096);
      for (const read of parts) cut.push(read);
      cut.end();
      expect(cut.handed.join("")).toBe(text);
      // A piece ends with a line end (the last one too: every line of these streams is ended).
      for (const piece of cut.handed) expect(/[\r\n]$/.test(piece)).toBe(true);
      // At most two pieces a read: the straddling line, then the read's own lines.
      expect(cut.handed.length).toBeLessThanOrEqual(2 * parts.length);
      const longest = Math.max(...text.split(/\r\n|\r|\n/).map((line) => line.length));
      const joined = cut.handed.filter((piece) => !parts.some((read) => read.includes(piece)));
      for (const piece of joined) expect(piece.length).toBeLessThanOrEqual(longest + 2);
    }
  });

  it("holds back only the start of a line: a stray line goes on at its line end, a CR ending a read too", () => {
    const handed: string[] = [];
    const front = new LineAlignedText((text) => handed.push(text));
    front.push("<html><bo");
    expect(handed).toEqual([]);
    front.push("dy>\n<h1>Login");
    expect(handed).toEqual(["<html><body>\n"]);
    front.push(" required</h1>\r");
    front.push("\n");
    expect(handed).toEqual(["<html><body>\n", "<h1>Login required</h1>\r", "\n"]);
    front.push("</html>");
    front.flush();
    expect(handed.at(-1)).toBe("</html>");
  });
});
