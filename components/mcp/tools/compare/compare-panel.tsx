"use client";

import { useQueries } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { callQuery } from "@/lib/queries/calls";
import { QueryError } from "@/components/elements/query-error";
import { CallCompareView } from "@/components/mcp/tools/compare/call-compare-view";
import { parseCallPair } from "@/components/mcp/tools/compare/call-pair";
import { useOpenRerun } from "@/components/elements/tool-result/rerun-context";

export interface ComparePanelProps {
  connection: ConnectionView;
  allConnections: ConnectionView[];
  /** The ?diff= value. */
  diff: string;
  onClose: () => void;
}

/** Two recorded calls (?diff=A~B) loaded whole and compared; Re-run again starts from the newer one. */
export function ComparePanel({ connection, allConnections, diff, onClose }: ComparePanelProps) {
  const pair = parseCallPair(diff, connection.id);
  const calls = useQueries({ queries: (pair ?? []).map((ref) => callQuery(ref.connectionId, ref.callId)) });
  const openRerun = useOpenRerun();
  const nameOf = (id: string) => allConnections.find((c) => c.id === id)?.name ?? id;
  const [a, b] = calls;
  let body;
  if (!pair) body = <p className="text-sm text-destructive">This comparison link is malformed: expected two call ids as A~B.</p>;
  else if (a?.isError || b?.isError) {
    body = <QueryError title="A call of this comparison could not be loaded" error={(a?.error ?? b?.error)!} />;
  } else if (!a?.data || !b?.data) body = <p className="text-xs text-muted-foreground">Loading the two calls…</p>;
  else {
    const after = b.data;
    const crossServer = a.data.connectionId !== after.connectionId;
    body = (
      <CallCompareView
        before={a.data}
        after={after}
        // The URL does not say whether B re-ran A or was picked from the history: name them by time.
        labels={a.data.startedAt <= after.startedAt ? ["Earlier call", "Later call"] : ["Later call", "Earlier call"]}
        serverNames={crossServer ? [nameOf(a.data.connectionId), nameOf(after.connectionId)] : undefined}
        onClose={onClose}
        onRerun={openRerun ? () => openRerun({ connectionId: after.connectionId, tool: after.tool, callId: after.id }) : undefined}
      />
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4" data-testid="compare-panel">
      {body}
    </div>
  );
}
