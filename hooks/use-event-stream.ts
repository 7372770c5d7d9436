"use client";

import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";

export type StreamStatus = "connecting" | "live" | "reconnecting" | "offline";

const FLUSH_MS = 40;
const REOPEN_MS = 3_000;

/**
 * The one EventSource on /api/stream (STYLE rule 6). Entries are written into the react-query
 * cache in small batches, so a chatty server re-renders a few times a second, not per frame.
 * The browser reconnects by itself and sends Last-Event-ID, so the server replays what we
 * missed; the seq check drops anything replayed twice. If the browser gives up (e.g. a 401
 * closes the stream) we reopen a fresh stream and refetch everything, since the new stream
 * cannot carry Last-Event-ID.
 */
export function useEventStream(url = "/api/stream"): StreamStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    let source: EventSource | null = null;
    let lastSeq = -1;
    let buffer: Entry[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const flush = () => {
      flushTimer = null;
      const batch = buffer;
      buffer = [];
      if (batch.length) applyStreamEntries(qc, batch);
    };

    const onEntry = (ev: MessageEvent<string>) => {
      let entry: Entry;
      try {
        entry = JSON.parse(ev.data) as Entry;
      } catch {
        return; // A malformed frame must not kill the stream; the record on the server is intact.
      }
      if (typeof entry.seq !== "number" || entry.seq <= lastSeq) return;
      lastSeq = entry.seq;
      buffer.push(entry);
      flushTimer ??= setTimeout(flush, FLUSH_MS);
    };

    const open = (fresh: boolean) => {
      const es = new EventSource(url, { withCredentials: true });
      source = es;
      es.addEventListener("entry", onEntry as EventListener);
      es.onopen = () => {
        setStatus("live");
        // A fresh stream starts at the current max seq: refetch so nothing between is lost.
        if (fresh) void qc.invalidateQueries();
      };
      es.onerror = () => {
        if (es.readyState === EventSource.CLOSED) {
          setStatus("offline");
          es.close();
          if (!disposed) reopenTimer = setTimeout(() => open(true), REOPEN_MS);
        } else {
          setStatus("reconnecting");
        }
      };
    };

    open(false);
    return () => {
      disposed = true;
      source?.close();
      if (flushTimer) clearTimeout(flushTimer);
      if (reopenTimer) clearTimeout(reopenTimer);
      flush();
    };
  }, [qc, url]);

  return status;
}
