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
  const search = params.toString();
  // Navigations sent to the router that the page's URL does not show yet (Next commits them in a
  // transition). A click made meanwhile is computed from where the last of them goes, not from the
  // render's location: otherwise Inbox then, quickly, back to the open view compares equal to the
  // page, sends nothing, and the Inbox lands after the click. Forgotten once the URL shows the last
  // of them, or shows something none of them asked for (Back, Forward).
  const pending = useRef<{ from: string; to: Array<{ search: string; location: WorkbenchLocation }> }>({ from: search, to: [] });
  if (pending.current.to.length > 0 && search !== pending.current.from) {
    const landed = pending.current.to.findIndex((p) => p.search === search);
    pending.current = { from: search, to: landed === -1 ? [] : pending.current.to.slice(landed + 1) };
  }

  const navigate = useCallback<Navigate>(
    (patch, options) => {
      memory.current ??= loadMemory();
      const last = pending.current.to.at(-1);
      const from = last?.location ?? location;
      const next = applyLocationPatch(from, patch, memory.current);
      const s = locationToSearch(next);
      saveMemory(memory.current);
      if (s === (last?.search ?? search)) return;
      const mode = options?.history ?? historyMode(from, next);
      if (pending.current.to.length === 0) pending.current.from = search;
      pending.current.to = [...pending.current.to, { search: s, location: next }].slice(-20);
      router[mode](s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, search, router, pathname],
  );

  return [location, navigate];
}
