"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
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
  // committed location: otherwise Inbox then, quickly, back to the open view compares equal to the
  // page, sends nothing, and the Inbox lands after the click. Settled after each commit of a new URL
  // (the last of them it shows, and every one before it, are done; a URL none of them asked for, or
  // Back and Forward, forgets them all). A navigation Next dropped for a later one stays listed only
  // under that later one, which is where the page is.
  const pending = useRef<Array<{ search: string; location: WorkbenchLocation }>>([]);
  useLayoutEffect(() => {
    const landed = pending.current.findLastIndex((p) => p.search === search);
    pending.current = landed === -1 ? [] : pending.current.slice(landed + 1);
  }, [search]);
  useEffect(() => {
    const forget = () => void (pending.current = []);
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, []);

  const navigate = useCallback<Navigate>(
    (patch, options) => {
      memory.current ??= loadMemory();
      const last = pending.current.at(-1);
      const from = last?.location ?? location;
      const next = applyLocationPatch(from, patch, memory.current);
      const s = locationToSearch(next);
      saveMemory(memory.current);
      if (s === (last?.search ?? search)) return;
      const mode = options?.history ?? historyMode(from, next);
      pending.current = [...pending.current, { search: s, location: next }].slice(-20);
      router[mode](s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [location, search, router, pathname],
  );

  return [location, navigate];
}
