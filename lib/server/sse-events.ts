import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { RawSplit } from "@/lib/server/hub";

/**
 * Every field of the Entry contract the page's stream writes by hand: a field added to the contract
 * and not written there fails the type check here instead of vanishing from the page's stream. A
 * new field is written by eventParts, and by runParts and read by streamEventEntries
 * (lib/contracts/entries.ts) unless, like `truncated` and `replay`, it keeps an entry out of runs.
 */
const WRITTEN = [
  "seq",
  "receivedAt",
  "rawBytes",
  "connectionId",
  "sessionKey",
  "sourceTime",
  "direction",
  "protocol",
  "kind",
  "truncated",
  "replay",
  "raw",
] as const;
export const ENTRY_FIELDS_WRITTEN: readonly (keyof Entry)[] &
  ([Exclude<keyof Entry, (typeof WRITTEN)[number]>] extends [never] ? unknown : never) = WRITTEN;

/** The fields a stream's entries share (one agent's frames…), as JSON without braces: the last one, kept. */
let lastShared: { key: readonly unknown[]; text: string } | undefined;

function sharedFields({ connectionId, sessionKey, sourceTime, direction, protocol, kind }: Entry): string {
  const last = lastShared;
  const key = last?.key;
  if (
    last &&
    key &&
    key[0] === connectionId &&
    key[1] === sessionKey &&
    key[2] === sourceTime &&
    key[3] === direction &&
    key[4] === protocol &&
    key[5] === kind
  )
    return last.text;
  const text = JSON.stringify({ connectionId, sessionKey, sourceTime, direction, protocol, kind }).slice(1, -1);
  lastShared = { key: [connectionId, sessionKey, sourceTime, direction, protocol, kind], text };
  return text;
}

/** What follows an event's raw text: the entry's closing brace and the event's blank line. */
const EVENT_END = "}\n\n";

/** One SSE event's text in parts, to be written one after another (encodeBatch). */
export type EventParts = readonly string[];

/**
 * One entry as an SSE event, in parts. `rawText`, when given, is JSON.stringify(entry.raw) (the
 * store's text): spliced in instead of serializing the raw again. The entry's own fields are then
 * written by hand (those of the Entry contract, the ones the store keeps, `replay` and `truncated`
 * when set): the numbers in place, the fields a stream's entries share serialized once for a run of
 * them. Spreading the entry to serialize it cost the A2A relay 4 µs a frame (issue 23).
 */
function eventParts(entry: Entry, rawText?: string): EventParts {
  if (rawText === undefined) return [`id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`];
  const flags = `${entry.truncated ? ',"truncated":true' : ""}${entry.replay ? ',"replay":true' : ""}`;
  const { seq, receivedAt, rawBytes } = entry;
  return [
    `id: ${seq}\nevent: entry\ndata: {"seq":${seq},"receivedAt":${receivedAt},"rawBytes":${rawBytes},${sharedFields(entry)}${flags},"raw":`,
    rawText,
    EVENT_END,
  ];
}

/** One entry as an SSE event (`entry`, its data the Entry as JSON). */
export function formatEntryEvent(entry: Entry, rawText?: string): string {
  return eventParts(entry, rawText).join("");
}

/** An entry of a run: sent as it is (not marked), whole, its raw in parts. */
interface RunItem {
  entry: Entry;
  split: RawSplit;
  text: string | undefined;
}

/**
 * A run of entries as one `entries` event (lib/contracts/entries.ts, EntriesEvent): their shared
 * fields and raw base once, then each one's seq, time, size and raw value. For a relay's frames
 * (one stream, one head) that is under half the bytes of an event per entry, for the server to
 * write and for the page to read (issue 23).
 */
function runParts(run: readonly RunItem[], { base, key }: RawSplit, shared: string, lastSeq: number): EventParts {
  const parts = [`id: ${lastSeq}\nevent: entries\ndata: {${shared},"rawBase":${base}},"rawKey":${JSON.stringify(key)},"items":[`];
  // One part per item (its numbers and its value joined): a write per part into the scratch buffer
  // cost more than joining the item's short text (2.6 → 1.8 ms for a relay's 2,000 frames).
  run.forEach(({ entry: { seq, receivedAt, rawBytes }, split }, i) =>
    parts.push(`${i === 0 ? "" : ","}[${seq},${receivedAt},${rawBytes},${split.value}]`),
  );
  parts.push("]}\n\n");
  return parts;
}

/**
 * A batch of entries as SSE events, with the seq each event ends at: a run of two or more entries
 * whose raws have parts (RawSplit) with one base, and that share their own fields, as one
 * `entries` event; every other entry as its own `entry` event. `frame` is what each entry is sent
 * as (a changed one, e.g. marked `replay`, goes alone).
 */
export function batchEvents(
  entries: readonly Entry[],
  rawTexts: readonly (string | undefined)[],
  rawSplits: readonly (RawSplit | undefined)[],
  frame: (entry: Entry) => Entry,
): { events: EventParts[]; seqs: number[] } {
  const events: EventParts[] = [];
  const seqs: number[] = [];
  let run: RunItem[] = [];
  let shared = "";
  /** The run so far as one event: an `entries` event, or its one entry's own. */
  const closeRun = (): void => {
    const [first, second] = run;
    if (!first) return;
    const last = run.at(-1) ?? first;
    events.push(second ? runParts(run, first.split, shared, last.entry.seq) : eventParts(first.entry, first.text));
    seqs.push(last.entry.seq);
    run = [];
  };
  entries.forEach((entry, i) => {
    const sent = frame(entry);
    const split = rawSplits[i];
    if (split === undefined || sent !== entry || entry.truncated) {
      closeRun();
      events.push(eventParts(sent, rawTexts[i]));
      seqs.push(entry.seq);
      return;
    }
    const fields = sharedFields(entry);
    const head = run[0];
    if (!head || fields !== shared || split.base !== head.split.base || split.key !== head.split.key) {
      closeRun();
      shared = fields;
    }
    run.push({ entry, split, text: rawTexts[i] });
  });
  closeRun();
  return { events, seqs };
}

/** Batches whose text could pass this many bytes are encoded event by event instead (encodeBatch). */
const BATCH_SCRATCH_MAX = 4 * 1024 * 1024;
let scratch: Buffer | undefined;

/**
 * A batch's events as UTF-8, each part written in place into a scratch buffer, then copied out at
 * its size: the batch's text is never joined into one string first (for a relay's 2,000 frames,
 * flattening and copying it cost twice what formatting did, issue 23). `ends[i]` is the byte offset
 * after event i. Undefined when the batch might not fit the scratch (a large raw).
 */
export function encodeBatch(events: readonly EventParts[]): { bytes: Buffer; ends: number[] } | undefined {
  let units = 0;
  for (const parts of events) for (const part of parts) units += part.length;
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
  const most = units * 3;
  if (most > BATCH_SCRATCH_MAX) return undefined;
  if (!scratch || scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, 256 * 1024));
  const ends: number[] = [];
  let at = 0;
  for (const parts of events) {
    for (const part of parts) at += scratch.write(part, at);
    ends.push(at);
  }
  return { bytes: Buffer.from(scratch.subarray(0, at)), ends };
}
