"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { XIcon } from "lucide-react";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import { callQuery } from "@/lib/queries/calls";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { RerunForm } from "@/components/mcp/tools/compare/rerun-form";
import { useRerunTargets } from "@/components/mcp/tools/compare/use-rerun-targets";
import { formatCallPair } from "@/components/mcp/tools/compare/call-pair";

export interface RerunPanelProps {
  /** The connection the recorded call went to (the open one). */
  connection: ConnectionView;
  allConnections: ConnectionView[];
  callId: string;
  /** The new call ended: open the comparison (?diff= value). */
  onCompared: (diff: string) => void;
  onClose: () => void;
}

/** Re-run of a recorded call: its arguments in the tool's form, against a live connection that has the tool. */
export function RerunPanel({ connection, allConnections, callId, onCompared, onClose }: RerunPanelProps) {
  const original = useQuery(callQuery(connection.id, callId));
  const toolName = original.data?.tool ?? null;
  const { targets, listing } = useRerunTargets(toolName, connection.id, allConnections);
  const [picked, setPicked] = useState<string | null>(null);
  const target = targets.find((t) => t.connection.id === picked) ?? targets[0] ?? null;
  const done = (call: CallRecord) =>
    onCompared(
      formatCallPair({ connectionId: connection.id, callId }, { connectionId: call.connectionId, callId: call.id }, connection.id),
    );

  let body;
  if (original.isError) body = <QueryError title="The recorded call could not be loaded" error={original.error} />;
  else if (!original.data) body = <p className="text-xs text-muted-foreground">Loading the recorded call…</p>;
  else if (!target) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="rerun-offline">
        {listing
          ? "Looking for a connected server with this tool…"
          : `No connected server has a tool named “${original.data.tool}”: connect ${connection.name} (or a server with this tool) to re-run this call.`}
      </p>
    );
  } else {
    body = (
      <RerunForm key={target.connection.id} original={original.data} target={target} targets={targets} onPick={setPicked} onDone={done} />
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" data-testid="rerun-panel">
      <div className="flex items-center gap-2">
        <h2 className="text-sm font-semibold">Re-run {toolName ?? "a recorded call"}</h2>
        <Button size="xs" variant="ghost" className="ml-auto" onClick={onClose} data-testid="rerun-close">
          <XIcon /> Close
        </Button>
      </div>
      {body}
    </div>
  );
}
