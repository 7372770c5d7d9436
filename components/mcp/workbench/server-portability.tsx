"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { toolsQuery } from "@/lib/queries/tools";
import { PortabilitySummary } from "@/components/elements/portability/portability-summary";

/** The server-level portability summary of a connected server's tools (issue 5). */
export function ServerPortability({ connection }: { connection: ConnectionView }) {
  const connected = connection.state.status === "connected";
  const tools = useQuery({ ...toolsQuery(connection.id), enabled: connected });
  const list = useMemo(
    () => (tools.data?.tools ?? []).map((t) => ({ name: t.name, inputSchema: t.inputSchema, serverName: connection.name })),
    [tools.data, connection.name],
  );
  if (!connected || list.length === 0) return null;
  return (
    <section className="flex max-w-4xl flex-col gap-2 px-4 pb-4 text-sm" data-testid="server-portability">
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Schema portability</h2>
      <PortabilitySummary tools={list} />
    </section>
  );
}
