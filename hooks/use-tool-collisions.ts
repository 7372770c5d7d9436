"use client";

import { useMemo } from "react";
import { useQueries } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { findToolCollisions } from "@/lib/protocols/mcp/collisions";
import type { ToolCollision } from "@/lib/protocols/mcp/collisions";
import { toolsQuery } from "@/lib/queries/tools";

/**
 * Collisions of one server's tools with the other connected servers (and with itself): a host
 * that mounts them together would silently keep only one of the two (mcp.md §0.6).
 */
export function useToolCollisions(connection: ConnectionView, all: ConnectionView[]): Map<string, ToolCollision> {
  const connected = all.filter((c) => c.state.status === "connected" || c.id === connection.id);
  const results = useQueries({
    queries: connected.map((c) => ({ ...toolsQuery(c.id), enabled: c.state.status === "connected" })),
  });
  const names = results.map((r) => r.data?.tools.map((t) => t.name) ?? []);
  const key = JSON.stringify(names);

  return useMemo(() => {
    const servers = connected.map((c, i) => ({ connectionId: c.id, connectionName: c.name, toolNames: names[i] ?? [] }));
    const mine = new Map<string, ToolCollision>();
    for (const col of findToolCollisions(servers)) {
      if (col.servers.some((s) => s.connectionId === connection.id)) mine.set(col.name, col);
    }
    return mine;
    // `key` stands for the tool names, which are rebuilt as new arrays on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, connection.id, connected.map((c) => c.id + c.name).join()]);
}
