"use client";

import { useCallback, useMemo } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export const CONNECTION_TABS = ["overview", "tools", "resources", "prompts", "tasks", "client", "auth", "traffic"] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

export interface WorkbenchLocation {
  connectionId: string | null;
  tab: ConnectionTab;
  tool: string | null;
  /** ADK agent server (?a=), its app (?app=) and open session (?s=). */
  agentId: string | null;
  app: string | null;
  sessionId: string | null;
  /** ?u=: the ADK user of the open session when it is not the server's configured user. */
  userId: string | null;
  /** ?view=inbox: the inbox of every interrupt. */
  view: "inbox" | null;
}

const AGENT_FIELDS = { agentId: null, app: null, sessionId: null, userId: null, view: null } as const;
const MCP_FIELDS = { connectionId: null, tool: null } as const;

/**
 * Only one thing is open at a time: choosing an MCP server closes the agent or inbox and the
 * other way round, so existing `navigate({ connectionId })` calls keep meaning "open this server".
 */
export function applyLocationPatch(location: WorkbenchLocation, patch: Partial<WorkbenchLocation>): WorkbenchLocation {
  if (patch.connectionId) return { ...location, ...AGENT_FIELDS, ...patch };
  if (patch.view) return { ...location, ...MCP_FIELDS, ...AGENT_FIELDS, ...patch };
  if (patch.agentId) return { ...location, ...MCP_FIELDS, view: null, ...patch };
  return { ...location, ...patch };
}

export function locationFromParams(params: Pick<URLSearchParams, "get">): WorkbenchLocation {
  const tab = params.get("tab");
  return {
    connectionId: params.get("c"),
    tab: (CONNECTION_TABS as readonly string[]).includes(tab ?? "") ? (tab as ConnectionTab) : "tools",
    tool: params.get("tool"),
    agentId: params.get("a"),
    app: params.get("app"),
    sessionId: params.get("s"),
    userId: params.get("u"),
    view: params.get("view") === "inbox" ? "inbox" : null,
  };
}

export function locationToSearch(next: WorkbenchLocation): string {
  const qs = new URLSearchParams();
  if (next.connectionId) qs.set("c", next.connectionId);
  if (next.tab !== "tools") qs.set("tab", next.tab);
  if (next.tool) qs.set("tool", next.tool);
  if (next.agentId) qs.set("a", next.agentId);
  if (next.app) qs.set("app", next.app);
  if (next.sessionId) qs.set("s", next.sessionId);
  if (next.userId) qs.set("u", next.userId);
  if (next.view) qs.set("view", next.view);
  return qs.toString();
}

/**
 * Selection lives in the URL (?c=&tab=&tool=, ?a=&app=&s=, ?view=inbox) so a reload or a shared
 * link lands on the same server, tab, tool, agent session or the inbox.
 */
export function useWorkbenchLocation(): [WorkbenchLocation, (patch: Partial<WorkbenchLocation>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const location = useMemo(() => locationFromParams(params), [params]);

  const navigate = useCallback(
    (patch: Partial<WorkbenchLocation>) => {
      const s = locationToSearch(applyLocationPatch(location, patch));
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, router, pathname],
  );

  return [location, navigate];
}
