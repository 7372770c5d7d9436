"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { storedSessionQuery, type SessionRef, type StoredSession } from "@/lib/queries/agents";
import { frameRawOf, withUnstoredFrames } from "@/lib/protocols/adk/session";
import { compareSessions } from "@/lib/protocols/adk/compare";
import { SafeText } from "@/components/ui/safe-text";
import { RunCompareView } from "@/components/elements/compare/run-compare-view";
import { CompareFrame } from "@/components/elements/compare/compare-frame";

/** The stored events with the frames the server streamed but did not store, as the session view reads them. */
export function storedRunEvents(stored: StoredSession): unknown[] {
  const frames = stored.unstored.map((f) => ({ receivedAt: f.receivedAt, raw: frameRawOf(f.kind, f.raw) }));
  return withUnstoredFrames(stored.session.events, frames);
}

export interface AdkComparePaneProps {
  a: SessionRef;
  b: SessionRef;
  /** Back to session A alone. */
  onClose: () => void;
  /** B becomes A and A becomes B. */
  onSwap: () => void;
  onOpen: (ref: SessionRef) => void;
}

function Label({ sessionRef, other, onOpen }: { sessionRef: SessionRef; other: SessionRef; onOpen: (r: SessionRef) => void }) {
  return (
    <button type="button" className="min-w-0 text-left hover:underline" title="Open this session alone" onClick={() => onOpen(sessionRef)}>
      <SafeText text={sessionRef.sessionId} className="font-mono" />
      {sessionRef.userId !== other.userId && (
        <span className="text-muted-foreground">
          {" "}
          of <SafeText text={sessionRef.userId} />
        </span>
      )}
    </button>
  );
}

/** Two sessions of the same app side by side, aligned by invocation (a read of the stored sessions, not live). */
export function AdkComparePane({ a, b, onClose, onSwap, onOpen }: AdkComparePaneProps) {
  const sa = useQuery(storedSessionQuery(a));
  const sb = useQuery(storedSessionQuery(b));
  const comparison = useMemo(
    () => (sa.data && sb.data ? compareSessions(storedRunEvents(sa.data), storedRunEvents(sb.data)) : null),
    [sa.data, sb.data],
  );
  const failed = sa.isError ? { side: "A", q: sa, ref: a } : sb.isError ? { side: "B", q: sb, ref: b } : null;
  return (
    <CompareFrame
      testId="adk-compare"
      a={a.sessionId}
      b={b.sessionId}
      title="Compare two runs"
      onSwap={onSwap}
      onClose={onClose}
      failure={
        failed && {
          title: `Could not load session ${failed.side} (${failed.ref.sessionId})`,
          error: failed.q.error,
          onRetry: () => void failed.q.refetch(),
        }
      }
      loading={!comparison && "Loading both sessions…"}
    >
      {comparison && (
        <RunCompareView
          comparison={comparison}
          unitLabel="Invocation"
          labelA={<Label sessionRef={a} other={b} onOpen={onOpen} />}
          labelB={<Label sessionRef={b} other={a} onOpen={onOpen} />}
        />
      )}
    </CompareFrame>
  );
}
