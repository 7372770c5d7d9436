"use client";

import { useEffect, useMemo, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { connectionApi } from "@/lib/queries/connections";
import { TRAFFIC_PAGE, fetchEntry, fetchTraffic, mergeEntries, trafficKeys, trafficQuery } from "@/lib/queries/traffic";
import { TrafficTimeline } from "@/components/mcp/traffic/traffic-timeline";
import { LogLevelControl } from "@/components/mcp/traffic/log-level-control";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";
import { WireContext } from "@/components/mcp/traffic/wire-context";
import { HTTP_EXCHANGE_KIND } from "@/lib/contracts/network";
import { networkLogQuery } from "@/lib/queries/network";
import { QueryError } from "@/components/elements/query-error";
import { plural } from "@/lib/format";

const MAX_AUTO_PAGES = 20;

/**
 * Every recorded frame of one server: history fetched on open, then kept live by the event
 * stream writing into the same cache entry.
 */
export function TrafficPanel({
  connection,
  selectedSeq,
  onSelectSeq,
  onOpenNetwork,
}: {
  connection: ConnectionView;
  /** Opens the Network tab on the HTTP exchange that carried a message. */
  onOpenNetwork?: (exchangeId: string) => void;
  /** The open row (?seq=). */
  selectedSeq?: number | null;
  onSelectSeq?: (seq: number | null) => void;
}) {
  const qc = useQueryClient();
  const traffic = useQuery(trafficQuery(connection.id));
  const older = useMutation({
    mutationFn: (before: number) => fetchTraffic(connection.id, { before }),
    onSuccess: (page) => qc.setQueryData<Entry[]>(trafficKeys.list(connection.id), (prev) => mergeEntries(prev, page)),
  });
  const setLevel = useMutation({ mutationFn: (level: string) => connectionApi.setLogLevel(connection.id, level) });
  const hasLogging = Boolean(connection.state.capabilities?.logging);
  // HTTP exchanges have their own view (Network); here they only say what carried each message.
  const all = useMemo(() => traffic.data ?? [], [traffic.data]);
  const entries = useMemo(() => all.filter((e) => e.kind !== HTTP_EXCHANGE_KIND), [all]);
  const network = useQuery({ ...networkLogQuery(connection.id), enabled: connection.transport !== "stdio" });
  const wire = useMemo(() => (network.data ? { exchanges: network.data, onOpenNetwork } : null), [network.data, onOpenNetwork]);
  const first = all[0];
  // A short page means the server has nothing older: the first history page is short exactly
  // when the whole cache (history + what streamed in since) is under a page.
  const exhausted = older.data !== undefined ? older.data.length < TRAFFIC_PAGE : all.length < TRAFFIC_PAGE;

  // A link (or a reload) to a row older than what is loaded: load older pages until it is in,
  // at most MAX_AUTO_PAGES, so ?seq= reopens the row instead of silently showing nothing.
  const autoPages = useRef(0);
  const wantsOlder = selectedSeq != null && first !== undefined && selectedSeq < first.seq && !exhausted;
  const { mutate: loadOlder, isPending: loadingOlder, isError: olderFailed } = older;
  useEffect(() => {
    if (!wantsOlder || !first || loadingOlder || olderFailed || autoPages.current >= MAX_AUTO_PAGES) return;
    autoPages.current += 1;
    loadOlder(first.seq);
  }, [wantsOlder, first, loadingOlder, olderFailed, loadOlder]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="traffic-panel">
      <div className="flex items-center gap-2 border-b px-3 py-1.5 text-xs text-muted-foreground">
        {/* Entries, not rows: the toolbar below says how many rows they make (a request and its response are one). */}
        {traffic.data && <span data-testid="traffic-loaded">{plural(entries.length, "entry", "entries")} loaded</span>}
        {first && !exhausted && (
          <Button size="xs" variant="outline" disabled={older.isPending} onClick={() => older.mutate(first.seq)}>
            {older.isPending ? "Loading…" : "Load older"}
          </Button>
        )}
        {older.error && <span className="text-destructive">{older.error.message}</span>}
        {hasLogging && (
          // 2026-07-28 has no logging/setLevel: there the level picked goes with each request (_meta).
          <div
            className="ml-auto"
            data-testid={connection.state.era?.mode === "modern" ? "log-level-per-request" : undefined}
            title={connection.state.era?.mode === "modern" ? REMOVED_IN_MODERN["logging/setLevel"] : undefined}
          >
            <LogLevelControl
              level={setLevel.isError ? connection.state.logLevel : (setLevel.variables ?? connection.state.logLevel)}
              disabled={connection.state.status !== "connected" || setLevel.isPending}
              onChange={(level) => setLevel.mutate(level)}
            />
          </div>
        )}
      </div>
      {setLevel.error && <QueryError className="m-2" title="Could not set the log level" error={setLevel.error} />}
      {traffic.isError ? (
        <QueryError className="m-2" title="Could not load traffic" error={traffic.error} onRetry={() => void traffic.refetch()} />
      ) : traffic.isPending ? (
        <p className="p-3 text-xs text-muted-foreground">Loading traffic…</p>
      ) : (
        <WireContext.Provider value={wire}>
          <TrafficTimeline
            entries={entries}
            onLoadFull={fetchEntry}
            selectedSeq={selectedSeq}
            onSelectSeq={onSelectSeq}
            exportConnectionId={connection.id}
          />
        </WireContext.Provider>
      )}
    </div>
  );
}
