"use client";

import { useMemo } from "react";
import { useQueries } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { ToolSelection } from "@/lib/contracts/playground";
import { toolsQuery } from "@/lib/queries/tools";
import type { PickerServer } from "@/components/playground/tool-picker";
import type { PreviewSource } from "@/components/playground/declarations";
import { selectedTools } from "@/components/playground/tool-selection";

/**
 * The connected servers' tool listings, for the picker, and the selected tools in the order the
 * model gets them, for the declarations preview. A server that is down still shows, with why.
 */
export function useToolCatalog(connections: readonly ConnectionView[], selection: readonly ToolSelection[]) {
  const results = useQueries({
    queries: connections.map((c) => ({ ...toolsQuery(c.id), enabled: c.state.status === "connected" })),
  });
  const listings = results.map((r) => r.data);
  const states = results.map((r) => (r.isError ? r.error.message : r.isPending && r.fetchStatus !== "idle" ? "loading" : null));
  const key = JSON.stringify([listings.map((l) => l?.listedAt ?? null), states, connections.map((c) => [c.id, c.name, c.state.status])]);

  const servers = useMemo<PickerServer[]>(
    () =>
      connections.map((c, i) => {
        const connected = c.state.status === "connected";
        const tools = (listings[i]?.tools ?? []).map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint === true }));
        const state = states[i];
        const note = !connected ? "not connected" : state === "loading" ? "loading…" : state ? "tools unavailable" : undefined;
        return { id: c.id, name: c.name, connected, tools, note };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` captures every input that changes the list
    [key],
  );

  const selected = useMemo<PreviewSource[]>(() => {
    const out: PreviewSource[] = [];
    for (const sel of selection) {
      const i = connections.findIndex((c) => c.id === sel.connectionId);
      const conn = connections[i];
      const listed = listings[i]?.tools ?? [];
      if (!conn) continue;
      const names = selectedTools(
        sel,
        listed.map((t) => t.name),
      );
      for (const name of names) {
        const t = listed.find((x) => x.name === name);
        out.push({ connectionId: conn.id, connectionName: conn.name, name, description: t?.description, inputSchema: t?.inputSchema });
      }
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above, plus the selection itself
  }, [key, selection]);

  return { servers, selected };
}
