"use client";

import { useCallback, useMemo, useRef } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { applyLocationPatch, historyMode, locationFromParams, locationToSearch } from "@/lib/workbench/location";
import type { TabMemory, WorkbenchLocation } from "@/lib/workbench/location";
import type { Navigate } from "@/lib/workbench/slots";

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
 * agent session and event, or the inbox. Another view is a new history entry and a selection
 * inside one replaces the current entry (historyMode), so the browser's Back and Forward move through
 * Loupe's views; on Back the location is read again from the URL, there is no other copy of it.
 */
export function useWorkbenchLocation(): [WorkbenchLocation, Navigate] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  // Per server tab, what was selected when the user left it; in sessionStorage so a reload keeps it.
  const memory = useRef<TabMemory | null>(null);

  const location = useMemo(() => locationFromParams(params), [params]);

  const navigate = useCallback<Navigate>(
    (patch, options) => {
      memory.current ??= loadMemory();
      const next = applyLocationPatch(location, patch, memory.current);
      const s = locationToSearch(next);
      saveMemory(memory.current);
      if (s === params.toString()) return;
      const mode = options?.history ?? historyMode(location, next);
      router[mode](s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, params, router, pathname],
  );

  return [location, navigate];
}
