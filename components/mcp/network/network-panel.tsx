"use client";

import { useCallback, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { CarriedMessage } from "@/lib/contracts/network";
import { entryForMessage } from "@/lib/protocols/mcp/wire";
import { networkLogQuery } from "@/lib/queries/network";
import { trafficQuery } from "@/lib/queries/traffic";
import { ExchangeDetail } from "./exchange-detail";
import { ExchangeList } from "./exchange-list";

export interface NetworkPanelProps {
  connection: ConnectionView;
  /** The open exchange (?x=) and how to change it. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Opens a traffic row (the Traffic tab with ?seq=). */
  onOpenSeq: (seq: number) => void;
  onOpenTraffic: () => void;
}

/** The Network tab: every HTTP exchange of a remote connection; a stdio connection has none. */
export function NetworkPanel({ connection, selectedId, onSelect, onOpenSeq, onOpenTraffic }: NetworkPanelProps) {
  if (connection.transport === "stdio") {
    return (
      <div className="m-auto flex max-w-md flex-col items-center gap-3 p-6 text-center text-sm" data-testid="network-stdio">
        <p>
          This server runs over <strong>stdio</strong>: Loupe talks to it through the process&apos;s standard input and output, so there is
          no HTTP exchange to show — no headers, status codes or event streams.
        </p>
        <p className="text-muted-foreground">Every JSON-RPC message it sent and received is in the Traffic view.</p>
        <Button size="sm" variant="outline" onClick={onOpenTraffic}>
          Open Traffic
        </Button>
      </div>
    );
  }
  return <RemoteNetwork connectionId={connection.id} selectedId={selectedId} onSelect={onSelect} onOpenSeq={onOpenSeq} />;
}

type RemoteProps = Pick<NetworkPanelProps, "selectedId" | "onSelect" | "onOpenSeq"> & { connectionId: string };

function RemoteNetwork({ connectionId, selectedId, onSelect, onOpenSeq }: RemoteProps) {
  const log = useQuery(networkLogQuery(connectionId));
  // The traffic rows the exchanges link to (the same cache the Traffic tab uses).
  const traffic = useQuery(trafficQuery(connectionId));
  const exchanges = useMemo(() => log.data ?? [], [log.data]);
  const selected = selectedId === null ? undefined : exchanges.find((x) => x.id === selectedId);
  const entries = traffic.data;
  const seqOf = useCallback(
    (m: CarriedMessage) => (selected && entries ? entryForMessage(entries, selected, m)?.seq : undefined),
    [entries, selected],
  );
  const open = exchanges.filter((x) => x.state === "open").length;
  const failed = exchanges.filter((x) => x.state === "error" || x.status >= 400).length;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="network-panel">
      <div className="flex items-center gap-3 border-b px-3 py-1.5 text-xs text-muted-foreground">
        <span data-testid="network-count">{exchanges.length.toLocaleString()} exchanges</span>
        {open > 0 && <span>{open} open</span>}
        {failed > 0 && <span className="text-destructive">{failed} failed or 4xx/5xx</span>}
        <span className="ml-auto hidden md:inline">Secrets are masked · bodies are in Traffic</span>
      </div>
      {log.isError ? (
        <QueryError className="m-2" title="Could not load the HTTP exchanges" error={log.error} onRetry={() => void log.refetch()} />
      ) : log.isPending ? (
        <p className="p-3 text-xs text-muted-foreground">Loading exchanges…</p>
      ) : (
        <div className="flex min-h-0 flex-1">
          <ExchangeList exchanges={exchanges} selectedId={selectedId} onSelect={onSelect} />
          {selected && <ExchangeDetail exchange={selected} seqOf={seqOf} onOpenSeq={onOpenSeq} onClose={() => onSelect(null)} />}
        </div>
      )}
    </div>
  );
}
