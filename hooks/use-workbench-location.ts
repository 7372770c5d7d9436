"use client";

import { useCallback, useMemo } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export const CONNECTION_TABS = ["overview", "tools", "traffic"] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

export interface WorkbenchLocation {
  connectionId: string | null;
  tab: ConnectionTab;
  tool: string | null;
}

/**
 * Selection lives in the URL (?c=&tab=&tool=) so a reload or a shared link lands on the same
 * server, tab and tool.
 */
export function useWorkbenchLocation(): [WorkbenchLocation, (patch: Partial<WorkbenchLocation>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const location = useMemo<WorkbenchLocation>(() => {
    const tab = params.get("tab");
    return {
      connectionId: params.get("c"),
      tab: (CONNECTION_TABS as readonly string[]).includes(tab ?? "") ? (tab as ConnectionTab) : "tools",
      tool: params.get("tool"),
    };
  }, [params]);

  const navigate = useCallback(
    (patch: Partial<WorkbenchLocation>) => {
      const next = { ...location, ...patch };
      const qs = new URLSearchParams();
      if (next.connectionId) qs.set("c", next.connectionId);
      if (next.tab !== "tools") qs.set("tab", next.tab);
      if (next.tool) qs.set("tool", next.tool);
      const s = qs.toString();
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, router, pathname],
  );

  return [location, navigate];
}
