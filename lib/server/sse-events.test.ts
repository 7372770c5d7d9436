import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { streamEventEntries } from "@/lib/contracts/entries";
import type { RawSplit } from "@/lib/server/hub";
import { batchEvents, encodeBatch, formatEntryEvent } from "@/lib/server/sse-events";

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
  /** A batch's events in parts as the stream builds them: the text before the raw, the raw, the end. */
  const parts = (entries: readonly { entry: Entry; text?: string }[]): string[][] =>
    entries.map(({ entry, text }) => {
      const event = formatEntryEvent(entry, text);
      return text === undefined ? [event] : [event.slice(0, -(text.length + 3)), text, event.slice(-3)];
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

describe("batchEvents", () => {
  const head = { exchangeId: "x1", transport: "JSONRPC", method: "SendStreamingMessage", taskId: "t1", kind: "artifact" };
  const headText = JSON.stringify(head).slice(0, -1);
  /** A relay frame: its raw is the shared head and its own payload; the record's parts as FrameReader writes them. */
  const frameEntry = (seq: number, payload: unknown, over: Partial<Entry> = {}): { entry: Entry; text: string; split?: RawSplit } => {
    const value = JSON.stringify(payload);
    const entry: Entry = {
      ...baseEntry,
      seq,
      receivedAt: baseEntry.receivedAt + seq,
      raw: { ...head, payload },
      rawBytes: 40 + seq,
      ...over,
    };
    return { entry, text: `${headText},"payload":${value}}`, split: { base: headText, key: "payload", value } };
  };
  const baseEntry: Entry = { ...base, kind: "a2a_frame", seq: 0, receivedAt: 1_764_000_000_000, raw: null, rawBytes: 0 };
  /** What the page makes of the batch's events: every entry, through the contract's reader. */
  const read = (events: readonly (readonly string[])[]) =>
    events.flatMap((parts) => {
      const text = parts.join("");
      return streamEventEntries(/^event: (.*)$/m.exec(text)![1]!, /^data: (.*)$/m.exec(text)![1]!);
    });
  const names = (events: readonly (readonly string[])[]) => events.map((parts) => /^event: (.*)$/m.exec(parts.join(""))![1]);
  const run = (list: { entry: Entry; text: string; split?: RawSplit }[], frame = (e: Entry) => e) =>
    batchEvents(
      list.map((f) => f.entry),
      list.map((f) => f.text),
      list.map((f) => f.split),
      frame,
    );

  it("a run of frames with one head is one `entries` event, read back as the same entries, its id the last seq", () => {
    const list = [1, 2, 3, 4].map((seq) => frameEntry(seq, { n: seq, text: `chunk é ${seq}\n` }));
    const { events, seqs } = run(list);
    expect(names(events)).toEqual(["entries"]);
    expect(seqs).toEqual([4]);
    expect(events[0]!.join("")).toMatch(/^id: 4\n/);
    // The same entries as one `entry` event each would carry.
    const one = list.map((f) => formatEntryEvent(f.entry, f.text));
    expect(read(events)).toEqual(one.map((e) => JSON.parse(/^data: (.*)$/m.exec(e)![1]!) as unknown));
    // Under half the bytes of an event per entry.
    expect(Buffer.byteLength(events[0]!.join(""))).toBeLessThan(Buffer.byteLength(one.join("")) * 0.8);
  });

  it("a run breaks where an entry differs: another head, other own fields, no parts (previewed), marked for a replay; one left alone is an `entry` event", () => {
    const list = [
      frameEntry(1, { n: 1 }),
      frameEntry(2, { n: 2 }),
      { ...frameEntry(3, { n: 3 }), split: { base: `${headText},"x":1`, key: "payload", value: '{"n":3}' } },
      frameEntry(4, { n: 4 }),
      frameEntry(5, { n: 5 }, { connectionId: "agent-2" }),
      frameEntry(6, { n: 6 }, { connectionId: "agent-2" }),
      { ...frameEntry(7, { n: 7 }), split: undefined },
      frameEntry(8, { n: 8 }),
      frameEntry(9, { n: 9 }),
      frameEntry(10, { n: 10 }),
    ];
    const replayed = list[8]!.entry;
    const { events, seqs } = run(list, (e) => (e === replayed ? { ...e, replay: true } : e));
    expect(names(events)).toEqual(["entries", "entry", "entry", "entries", "entry", "entry", "entry", "entry"]);
    expect(seqs).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
    const back = read(events);
    expect(back.map((e) => e.seq)).toEqual(list.map((f) => f.entry.seq));
    expect(back[8]).toMatchObject({ seq: 9, replay: true });
    expect(back[4]).toMatchObject({ connectionId: "agent-2", raw: { ...head, payload: { n: 5 } } });
  });
});

describe("streamEventEntries", () => {
  it("reads nothing from other events or from data that is not an entry", () => {
    expect(streamEventEntries("overflow", '{"seq":1}')).toEqual([]);
    expect(streamEventEntries("entry", "not json")).toEqual([]);
    expect(streamEventEntries("entry", '{"seq":"1"}')).toEqual([]);
    expect(streamEventEntries("entries", '{"items":{},"rawKey":"p","rawBase":{}}')).toEqual([]);
    expect(streamEventEntries("entries", '{"items":[["x"]],"rawKey":"p","rawBase":{}}')).toEqual([]);
    // Items of the wrong shape are left out, never thrown at the stream's reader.
    expect(streamEventEntries("entries", '{"items":[null,5,{},[1,"t",3,{}]],"rawKey":"p","rawBase":{}}')).toEqual([]);
    // A key from the prototype's names is an own key of the raw, nothing more.
    const [own] = streamEventEntries("entries", '{"items":[[1,2,3,{"x":1}]],"rawKey":"__proto__","rawBase":{"a":1}}');
    expect(Object.getPrototypeOf(own!.raw)).toBe(Object.prototype);
    expect(Object.keys(own!.raw as object)).toEqual(["a", "__proto__"]);
  });
});
