"use client";

import { useQuery } from "@tanstack/react-query";
import type { RequestRow } from "@/lib/protocols/mcp/pairing";
import { callsQuery } from "@/lib/queries/calls";
import { RerunCallButton, useOpenRerun } from "@/components/elements/tool-result/rerun-context";

function toolNameOf(row: RequestRow): string | null {
  const name = (row.requestItem.params as { name?: unknown } | undefined)?.name;
  return typeof name === "string" && name.length > 0 ? name : null;
}

/** The recorded call behind a tools/call row: the tool's history names the request's JSON-RPC id. */
function FromHistory({ row, tool }: { row: RequestRow; tool: string }) {
  const connectionId = row.request.connectionId;
  const history = useQuery(callsQuery(connectionId, tool));
  const call = history.data?.find((c) => c.requestId === row.id);
  // A request Loupe did not make through its call runner (none recorded) has nothing to re-run from.
  if (!call) return null;
  return <RerunCallButton target={{ connectionId, tool, callId: call.id }} testId="traffic-rerun" />;
}

/** Re-run… on the traffic detail of an outgoing tools/call (only inside the workbench). */
export function RerunFromTraffic({ row }: { row: RequestRow }) {
  const open = useOpenRerun();
  const tool = toolNameOf(row);
  if (!open || row.method !== "tools/call" || row.direction !== "out" || !tool) return null;
  return <FromHistory row={row} tool={tool} />;
}
