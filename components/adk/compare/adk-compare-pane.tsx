"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftRightIcon, XIcon } from "lucide-react";
import { storedSessionQuery, type SessionRef, type StoredSession } from "@/lib/queries/agents";
import { frameRawOf, withUnstoredFrames } from "@/lib/protocols/adk/session";
import { compareSessions } from "@/lib/protocols/adk/compare";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { QueryError } from "@/components/elements/query-error";
import { RunCompareView } from "@/components/compare/run-compare-view";

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
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="adk-compare" data-a={a.sessionId} data-b={b.sessionId}>
      <div className="flex items-center gap-1 border-b px-3 py-1.5">
        <h2 className="text-xs font-semibold">Compare two runs</h2>
        <div className="ml-auto flex gap-1">
          <Button size="xs" variant="ghost" onClick={onSwap} data-testid="compare-swap">
            <ArrowLeftRightIcon /> Swap
          </Button>
          <Button size="xs" variant="ghost" onClick={onClose} data-testid="compare-close">
            <XIcon /> Close
          </Button>
        </div>
      </div>
      {failed ? (
        <QueryError
          className="m-2"
          title={`Could not load session ${failed.side} (${failed.ref.sessionId})`}
          error={failed.q.error}
          onRetry={() => void failed.q.refetch()}
        />
      ) : !comparison ? (
        <p className="p-3 text-xs text-muted-foreground">Loading both sessions…</p>
      ) : (
        <RunCompareView
          comparison={comparison}
          unitLabel="Invocation"
          labelA={<Label sessionRef={a} other={b} onOpen={onOpen} />}
          labelB={<Label sessionRef={b} other={a} onOpen={onOpen} />}
        />
      )}
    </div>
  );
}
