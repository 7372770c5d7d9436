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

export function formatEntryEvent(entry: Entry): string {
  return `id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`;
}

/**
 * The entry stream for one browser (STYLE rule 6): the priming comment at once, every entry
 * after `afterSeq` with its seq as the event id, a ping comment every 15 s. Cleanup is bound to
 * `signal` synchronously, before anything can wait, so a client that leaves never leaks a listener.
 */
export function entryStream(hub: Hub, afterSeq: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = (): void => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const write = (text: string): void => {
        if (!closed) controller.enqueue(encoder.encode(text));
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
      const ping = setInterval(() => write(": ping\n\n"), PING_MS);
      let unsubscribe = (): void => undefined;
      signal.addEventListener("abort", () => cleanup(), { once: true });
      write(":\n\n");
      if (signal.aborted) return cleanup();
      unsubscribe = hub.subscribe(afterSeq, (entry) => write(formatEntryEvent(entry)));
    },
    cancel() {
      cleanup();
    },
  });
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
