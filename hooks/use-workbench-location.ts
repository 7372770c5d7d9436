"use client";

import { useCallback, useMemo, useRef } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { applyLocationPatch, locationFromParams, locationToSearch } from "./workbench-location";
import type { TabMemory, WorkbenchLocation } from "./workbench-location";

export { CONNECTION_TABS, applyLocationPatch, locationFromParams, locationToSearch, normalizeLocation } from "./workbench-location";
export type { ConnectionTab, WorkbenchLocation } from "./workbench-location";

/**
 * Selection lives in the URL (see workbench-location.ts for the parameters) so a reload or a
 * shared link reopens exactly what was open: server, tab, tool, resource, prompt, traffic row,
 * agent session and event, or the inbox.
 */
export function useWorkbenchLocation(): [WorkbenchLocation, (patch: Partial<WorkbenchLocation>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // Per server tab, what was selected when the user left it (kept for this page's lifetime only).
  const memory = useRef<TabMemory>(new Map());

  const location = useMemo(() => locationFromParams(params), [params]);

  const navigate = useCallback(
    (patch: Partial<WorkbenchLocation>) => {
      const s = locationToSearch(applyLocationPatch(location, patch, memory.current));
      if (s === params.toString()) return;
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, params, router, pathname],
  );

  return [location, navigate];
}
