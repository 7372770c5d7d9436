"use client";

import { useCallback, useMemo, useRef } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { applyLocationPatch, locationFromParams, locationToSearch } from "@/lib/workbench/location";
import type { TabMemory, WorkbenchLocation } from "@/lib/workbench/location";

export { applyLocationPatch, locationFromParams, locationToSearch, normalizeLocation } from "@/lib/workbench/location";
export type { WorkbenchLocation } from "@/lib/workbench/location";
export { CONNECTION_TABS, type ConnectionTab } from "@/lib/workbench/mcp";

const MEMORY_KEY = "loupe:tab-selection";

function loadMemory(): TabMemory {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(MEMORY_KEY) ?? "[]");
    return new Map(Array.isArray(raw) ? (raw as Array<[string, Partial<WorkbenchLocation>]>) : []);
  } catch {
    return new Map(); // storage off or garbled: tabs simply start empty
  }
}

function saveMemory(memory: TabMemory): void {
  try {
    window.sessionStorage.setItem(MEMORY_KEY, JSON.stringify([...memory].slice(-200)));
  } catch {
    /* storage off or full: the memory lives as long as the page */
  }
}

/**
 * Selection lives in the URL (see lib/workbench/location.ts and its parts for the parameters) so a reload or a
 * shared link reopens exactly what was open: server, tab, tool, resource, prompt, traffic row,
 * agent session and event, or the inbox.
 */
export function useWorkbenchLocation(): [WorkbenchLocation, (patch: Partial<WorkbenchLocation>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // Per server tab, what was selected when the user left it; in sessionStorage so a reload keeps it.
  const memory = useRef<TabMemory | null>(null);

  const location = useMemo(() => locationFromParams(params), [params]);

  const navigate = useCallback(
    (patch: Partial<WorkbenchLocation>) => {
      memory.current ??= loadMemory();
      const s = locationToSearch(applyLocationPatch(location, patch, memory.current));
      saveMemory(memory.current);
      if (s === params.toString()) return;
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, params, router, pathname],
  );

  return [location, navigate];
}
