import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { BatchListener, Hub } from "@/lib/server/hub";
import { batchEvents, encodeBatch } from "@/lib/server/sse-events";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  // Stops proxies (and Next's compression) from buffering the stream.
  "X-Accel-Buffering": "no",
};

const PING_MS = 15_000;

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
 * `framing` gives what each entry of a batch is sent as, asked once per batch (GET /api/stream marks a
 * test replay's requests; undefined: each as it is).
 * `runs`: a run of a relay stream's frames recorded together goes as one `entries` event
 * (sse-events.ts), for a reader that asked for it (`?runs=1`); else each entry is an `entry` event.
 */
const asIs = (entry: Entry): Entry => entry;

export function entryStream(
  hub: Hub,
  afterSeq: number,
  signal: AbortSignal,
  {
    capBytes = SSE_QUEUE_CAP_BYTES,
    framing,
    runs = false,
  }: { capBytes?: number; framing?: () => ((entry: Entry) => Entry) | undefined; runs?: boolean } = {},
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
        const writeBatch: BatchListener = (entries, rawTexts, rawSplits = []) => {
          const { events, seqs } = batchEvents(entries, rawTexts, runs ? rawSplits : [], framing?.() ?? asIs);
          const batch = encodeBatch(events);
          if (!batch) return events.forEach((parts, i) => write(encoder.encode(parts.join("")), seqs[i]));
          const { bytes, ends } = batch;
          if (queued() + pendingBytes + bytes.length <= capBytes) return write(bytes, seqs[seqs.length - 1]);
          ends.forEach((end, i) => write(bytes.subarray(i === 0 ? 0 : ends[i - 1], end), seqs[i]));
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
