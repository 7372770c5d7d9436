"use client";

import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { agentsQuery } from "@/lib/queries/agents";
import { connectionsQuery } from "@/lib/queries/connections";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { landingPatch } from "@/components/shell/landing";

/** Nothing (or a deleted server) open: opens the first server, or with no server the first agent server (landing.ts). */
export function useLanding({ location, navigate }: WorkbenchPaneProps): void {
  const connections = useQuery(connectionsQuery());
  const agents = useQuery(agentsQuery());
  const landing = landingPatch({
    location,
    connectionIds: connections.isSuccess ? connections.data.map((c) => c.id) : null,
    agentIds: agents.isSuccess ? agents.data.map((a) => a.id) : null,
  });
  // Navigates once per distinct patch, not on every render that computes an equal one.
  const latest = useRef(landing);
  latest.current = landing;
  const landingKey = landing ? JSON.stringify(landing) : null;
  useEffect(() => {
    // In place of the current entry: Back from the view it opens leaves Loupe, not to a page that lands again.
    if (landingKey && latest.current) navigate(latest.current, { history: "replace" });
  }, [landingKey, navigate]);
}
