"use client";

import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { streamEventEntries, type Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { authHeaders } from "@/lib/client-token";
import { readEventStream, StreamHttpError, type SseEvent } from "@/lib/sse-reader";

export type StreamStatus = "connecting" | "live" | "reconnecting" | "offline";

const FLUSH_MS = 40;
/** After the stream drops: try again soon, resuming from the last seq. */
const RETRY_MS = 1_000;
/** After the server refused the stream (401, 5xx…): it will not change in a second. */
const REOPEN_MS = 3_000;

/**
 * The one live stream on /api/stream (STYLE rule 6), asked for runs of a relay's frames as one
 * `entries` event each (`?runs=1`; streamEventEntries reads both kinds), read with fetch rather than EventSource so
 * it can send Loupe's token in the `x-loupe-token` header (no cookie: lib/client-token.ts).
 * Entries are written into the react-query cache in small batches, so a chatty server re-renders
 * a few times a second, not per frame. A reconnect sends `Last-Event-ID` (the last seq seen), so
 * the server replays what we missed; the seq check drops anything replayed twice. When there is
 * no seq to resume from, or the server refused the stream for a while, everything is refetched.
 */
export function useEventStream(url = "/api/stream?runs=1"): StreamStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    const abort = new AbortController();
    let lastSeq = -1;
    let buffer: Entry[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | null = null;
    let opened = false;
    let refused = false;
    let numberingRestarted = false;
    // The Last-Event-ID sent on the current connection, until its first entry arrives.
    let resumedFrom: number | null = null;

    const flush = () => {
      flushTimer = null;
      const batch = buffer;
      buffer = [];
      if (batch.length) applyStreamEntries(qc, batch);
      // After the batch, so the refetched lists replace what the old numbering left in the cache.
      if (numberingRestarted) void qc.invalidateQueries();
      numberingRestarted = false;
    };

    // An `entry` event carries one entry, an `entries` event a run of them (a relay's frames). A
    // malformed event carries none: it must not kill the stream; the record on the server is intact.
    const onEvent = (ev: SseEvent) => {
      for (const entry of streamEventEntries(ev.event, ev.data)) onEntry(entry);
    };

    const onEntry = (entry: Entry) => {
      if (resumedFrom !== null && entry.seq < resumedFrom) {
        // The server replays from seq 1 when our id is beyond its store (a new data dir): its
        // numbering restarted, so the old seqs mean nothing and everything cached is refetched.
        lastSeq = -1;
        numberingRestarted = true;
      }
      resumedFrom = null;
      if (entry.seq <= lastSeq) return;
      lastSeq = entry.seq;
      buffer.push(entry);
      flushTimer ??= setTimeout(flush, FLUSH_MS);
    };

    const onOpen = () => {
      setStatus("live");
      // Without a seq to resume from, the new stream starts at the current max: refetch.
      if ((opened && lastSeq < 0) || refused) void qc.invalidateQueries();
      opened = true;
      refused = false;
    };

    const open = () => {
      if (abort.signal.aborted) return;
      const headers = authHeaders();
      if (lastSeq >= 0) headers.set("last-event-id", String(lastSeq));
      resumedFrom = lastSeq >= 0 ? lastSeq : null;
      readEventStream(url, { headers, signal: abort.signal, onOpen, onEvent }).then(
        () => retry(false),
        (e: unknown) => retry(e instanceof StreamHttpError),
      );
    };

    const retry = (httpError: boolean) => {
      if (abort.signal.aborted) return;
      refused ||= httpError;
      setStatus(httpError ? "offline" : "reconnecting");
      reopenTimer = setTimeout(open, httpError ? REOPEN_MS : RETRY_MS);
    };

    open();
    return () => {
      abort.abort();
      if (flushTimer) clearTimeout(flushTimer);
      if (reopenTimer) clearTimeout(reopenTimer);
      flush();
    };
  }, [qc, url]);

  return status;
}
