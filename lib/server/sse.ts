import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { Hub } from "@/lib/server/hub";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  // Stops proxies (and Next's compression) from buffering the stream.
  "X-Accel-Buffering": "no",
};

const PING_MS = 15_000;

/**
 * Every field of the Entry contract formatEntryEvent writes by hand: a field added to the contract
 * and not written there fails the type check here instead of vanishing from the page's stream.
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

/**
 * One entry as an SSE event: its text before the raw, and the raw's JSON text to follow it (then
 * EVENT_END); the whole event in the first part when there is no `rawText`. `rawText`, when given,
 * is JSON.stringify(entry.raw) (the store's text): spliced in instead of serializing the raw again.
 * The entry's own fields are then written by hand (those of the Entry contract, the ones the store
 * keeps, `replay` and `truncated` when set): the numbers in place, the fields a stream's entries
 * share serialized once for a run of them. Spreading the entry to serialize it cost the A2A relay
 * 4 µs a frame, 8 ms of a 2,000-chunk stream (issue 23).
 */
function eventParts(entry: Entry, rawText?: string): [string, string | undefined] {
  if (rawText === undefined) return [`id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`, undefined];
  const flags = `${entry.truncated ? ',"truncated":true' : ""}${entry.replay ? ',"replay":true' : ""}`;
  const { seq, receivedAt, rawBytes } = entry;
  return [
    `id: ${seq}\nevent: entry\ndata: {"seq":${seq},"receivedAt":${receivedAt},"rawBytes":${rawBytes},${sharedFields(entry)}${flags},"raw":`,
    rawText,
  ];
}

/** One entry as an SSE event (eventParts, joined). */
export function formatEntryEvent(entry: Entry, rawText?: string): string {
  const [head, raw] = eventParts(entry, rawText);
  return raw === undefined ? head : head + raw + EVENT_END;
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
export function encodeBatch(parts: readonly [string, string | undefined][]): { bytes: Buffer; ends: number[] } | undefined {
  let units = 0;
  for (const [head, raw] of parts) units += head.length + (raw === undefined ? 0 : raw.length + EVENT_END.length);
  // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
  const most = units * 3;
  if (most > BATCH_SCRATCH_MAX) return undefined;
  if (!scratch || scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, 256 * 1024));
  const ends: number[] = [];
  let at = 0;
  for (const [head, raw] of parts) {
    at += scratch.write(head, at);
    if (raw !== undefined) {
      at += scratch.write(raw, at);
      at += scratch.write(EVENT_END, at);
    }
    ends.push(at);
  }
  return { bytes: Buffer.from(scratch.subarray(0, at)), ends };
}

/**
 * What one browser may leave unread before its stream is dropped (4 MiB, far above one previewed
 * entry): past it the reader is not keeping up, and holding more would let a stalled tab grow
 * Loupe's memory without bound. A dropped reader reconnects with Last-Event-ID and the rest is
 * replayed from the store, so nothing is lost.
 */
export const SSE_QUEUE_CAP_BYTES = 4 * 1024 * 1024;

/**
 * The entry stream for one browser (STYLE rule 6): the priming comment at once, every entry
 * after `afterSeq` with its seq as the event id, a ping comment every 15 s. Cleanup is bound to
 * `signal` synchronously, before anything can wait, so a client that leaves never leaks a listener.
 * Bytes queued for a reader that does not read are capped at `capBytes`: the event that would
 * pass it is not queued; an `overflow` event ends the stream after the last whole event instead.
 * `frame` is what each entry is sent as (GET /api/stream marks a test replay's requests with it).
 */
export function entryStream(
  hub: Hub,
  afterSeq: number,
  signal: AbortSignal,
  { capBytes = SSE_QUEUE_CAP_BYTES, frame = (entry: Entry) => entry }: { capBytes?: number; frame?: (entry: Entry) => Entry } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = (): void => undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        let lastSeq = afterSeq;
        // desiredSize = capBytes - bytes queued (the byte-length strategy below).
        const queued = (): number => capBytes - (controller.desiredSize ?? capBytes);
        // Events written in one tick (a relay's frames of one network read, a replay page) go out
        // as one chunk at the end of it: one socket write, not one per entry. Each text is encoded
        // once, when written: its byte length is then the cap's measure, with no second pass.
        let pending: Uint8Array[] = [];
        let pendingBytes = 0;
        let pendingSeq: number | undefined;
        const flush = (): void => {
          if (closed || pending.length === 0) return;
          controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
          if (pendingSeq !== undefined) lastSeq = pendingSeq;
          pending = [];
          pendingBytes = 0;
          pendingSeq = undefined;
        };
        const write = (bytes: Uint8Array, seq?: number): void => {
          if (closed) return;
          const held = queued() + pendingBytes;
          // One event bigger than the cap still goes out alone: refusing it would loop forever.
          if (held > 0 && held + bytes.length > capBytes) {
            flush();
            return overflow();
          }
          if (pending.length === 0) queueMicrotask(flush);
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (seq !== undefined) pendingSeq = seq;
        };
        const overflow = (): void => {
          const note = { reason: "the reader fell behind", capBytes, resumeAfter: lastSeq };
          // Past the cap on purpose: a small, final marker, then nothing more is ever queued.
          controller.enqueue(encoder.encode(`event: overflow\ndata: ${JSON.stringify(note)}\n\n`));
          cleanup();
        };
        cleanup = () => {
          if (closed) return;
          closed = true;
          clearInterval(ping);
          unsubscribe();
          try {
            controller.close();
          } catch {
            // Already closed by the consumer.
          }
        };
        const ping = setInterval(() => write(encoder.encode(": ping\n\n")), PING_MS);
        let unsubscribe = (): void => undefined;
        signal.addEventListener("abort", () => cleanup(), { once: true });
        write(encoder.encode(":\n\n"));
        if (signal.aborted) return cleanup();
        // A batch (a relay's frames of one read, a replay page) is measured and queued as one text,
        // event by event only when it would pass the cap (the overflow then falls between events).
        const writeBatch = (entries: readonly Entry[], rawTexts: readonly (string | undefined)[]): void => {
          const parts = entries.map((entry, i) => eventParts(frame(entry), rawTexts[i]));
          const batch = encodeBatch(parts);
          if (!batch)
            return parts.forEach(([head, raw], i) =>
              write(encoder.encode(raw === undefined ? head : head + raw + EVENT_END), entries[i]!.seq),
            );
          const { bytes, ends } = batch;
          if (queued() + pendingBytes + bytes.length <= capBytes) return write(bytes, entries[entries.length - 1]!.seq);
          ends.forEach((end, i) => write(bytes.subarray(i === 0 ? 0 : ends[i - 1], end), entries[i]!.seq));
        };
        unsubscribe = hub.subscribeBatches(afterSeq, writeBatch);
        // The replay may already have overflowed inside subscribe(), before unsubscribe was set.
        if (closed) unsubscribe();
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: capBytes }),
  );
}

/** Last-Event-ID wins, then ?since=; without either the stream starts live at the current max seq. */
export function resumeAfter(req: Request, since: number | undefined, hub: Hub): number {
  const header = req.headers.get("last-event-id");
  const fromHeader = header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
  const max = hub.maxSeq();
  const resume = fromHeader ?? since;
  if (resume === undefined) return max;
  // An id beyond anything stored means the data dir was replaced: everything is new to this client.
  return resume > max ? 0 : resume;
}
