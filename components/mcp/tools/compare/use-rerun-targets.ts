"use client";

import { useQueries } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import { toolsQuery } from "@/lib/queries/tools";
import type { Tool } from "@/lib/queries/tools";

export interface RerunTarget {
  connection: ConnectionView;
  tool: Tool;
}

/**
 * Live connections that list a tool of this name (the recorded call's own first). A re-run goes to
 * the call's connection when it is connected; otherwise the user picks one of these.
 */
export function useRerunTargets(toolName: string | null, own: string, all: ConnectionView[]) {
  const live = all.filter((c) => c.state.status === "connected").sort((a, b) => Number(b.id === own) - Number(a.id === own));
  const listings = useQueries({ queries: live.map((c) => ({ ...toolsQuery(c.id), enabled: toolName !== null })) });
  const targets: RerunTarget[] = [];
  live.forEach((connection, i) => {
    const tool = listings[i]?.data?.tools.find((t) => t.name === toolName);
    if (tool) targets.push({ connection, tool });
  });
  return { targets, listing: listings.some((l) => l.isPending && l.fetchStatus !== "idle") };
}
