import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { encodeBatch, formatEntryEvent } from "@/lib/server/sse";

const base: Entry = {
  seq: 7,
  connectionId: "agent-1",
  sessionKey: "ctx-1",
  receivedAt: 1_764_000_000_123,
  sourceTime: null,
  direction: "in",
  protocol: "a2a",
  kind: "a2a_frame",
  raw: { payload: { text: 'a "quoted" line\n', n: [1, 2] } },
  rawBytes: 52,
};

/** The event's id and its data, parsed. */
function read(event: string): { id: string; data: unknown } {
  const [id = "", name, data = ""] = event.split("\n");
  expect(name).toBe("event: entry");
  expect(event.endsWith("\n\n")).toBe(true);
  return { id, data: JSON.parse(data.slice("data: ".length)) };
}

describe("formatEntryEvent", () => {
  // Each entry differs from the one before it in one field its stream's entries usually share: the
  // text kept for a run of them must never be another entry's.
  const entries: Entry[] = [
    base,
    { ...base, seq: 8, receivedAt: base.receivedAt + 1 },
    { ...base, seq: 9, connectionId: 'agent-"2"' },
    { ...base, seq: 10, connectionId: 'agent-"2"', sessionKey: null },
    { ...base, seq: 11, connectionId: 'agent-"2"', sessionKey: null, sourceTime: 1_764_000_000_000 },
    { ...base, seq: 12, direction: "out" },
    { ...base, seq: 13, direction: "out", protocol: "mcp", kind: "message" },
    { ...base, seq: 14, kind: "a2a_request", replay: true },
    { ...base, seq: 15, raw: "just text", rawBytes: 11, truncated: true },
    { ...base, seq: 16, raw: null, rawBytes: 4 },
  ];

  it("writes an entry with its raw's text as the same JSON as the entry serialized whole", () => {
    for (const entry of entries) {
      const spliced = read(formatEntryEvent(entry, JSON.stringify(entry.raw)));
      const whole = read(formatEntryEvent(entry));
      expect(spliced.id).toBe(`id: ${entry.seq}`);
      expect(spliced).toEqual(whole);
      expect(spliced.data).toEqual(JSON.parse(JSON.stringify(entry)));
    }
  });

  it("splices the raw's text as given, not serialized again", () => {
    const text = '{"payload": {"b": 2,  "a": [1, 2]}}';
    const event = formatEntryEvent({ ...base, raw: JSON.parse(text) }, text);
    expect(event).toContain(`"raw":${text}}\n\n`);
  });
});

describe("encodeBatch", () => {
  /** A batch's parts as the stream builds them: the event's text before the raw, and the raw. */
  const parts = (entries: readonly { entry: Entry; text?: string }[]): [string, string | undefined][] =>
    entries.map(({ entry, text }) => {
      const event = formatEntryEvent(entry, text);
      return text === undefined ? [event, undefined] : [event.slice(0, -(text.length + 3)), text];
    });

  it("writes each event's UTF-8 at its offset: multi-byte text, a surrogate pair, an entry without raw text", () => {
    const texts = ['{"t":"ascii"}', '{"t":"été · ✓"}', '{"t":"a 🙂 b"}', '{"t":"lone \ud800"}'];
    const batch: { entry: Entry; text?: string }[] = [
      ...texts.map((text, i) => ({ entry: { ...base, seq: 20 + i, raw: JSON.parse(text) as unknown }, text })),
      { entry: { ...base, seq: 30, raw: { t: "ü" } } },
    ];
    const out = encodeBatch(parts(batch))!;
    const whole = batch.map(({ entry, text }) => formatEntryEvent(entry, text));
    // The same bytes as encoding the joined text (a lone surrogate too: U+FFFD, as TextEncoder writes it).
    expect(out.bytes.equals(Buffer.from(new TextEncoder().encode(whole.join(""))))).toBe(true);
    expect(out.ends).toEqual(whole.map((_, i) => Buffer.byteLength(whole.slice(0, i + 1).join(""))));
    // Each event alone, cut at its offsets, is that event.
    out.ends.forEach((end, i) => expect(out.bytes.subarray(i === 0 ? 0 : out.ends[i - 1], end).equals(Buffer.from(whole[i]!))).toBe(true));
  });

  it("a batch that may not fit its scratch (4 MiB) is left to the caller", () => {
    const text = JSON.stringify({ big: "x".repeat(1_500_000) });
    expect(encodeBatch(parts([{ entry: base, text }]))).toBeUndefined();
    expect(encodeBatch(parts([{ entry: base, text: text.slice(0, 1_000_000) + '"}' }]))).toBeDefined();
  });

  it("the bytes handed out are a copy: encoding the next batch does not change them", () => {
    const first = encodeBatch(parts([{ entry: base, text: '{"n":1}' }]))!;
    const copy = first.bytes.toString("utf8");
    encodeBatch(parts([{ entry: base, text: '{"n":2}' }]));
    expect(first.bytes.toString("utf8")).toBe(copy);
  });
});
