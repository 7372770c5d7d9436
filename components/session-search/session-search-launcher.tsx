"use client";

import { useCallback, useEffect, useState } from "react";
import { SearchIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import type { SessionSearchHit } from "@/lib/contracts/session-search";
import { hitTarget } from "@/lib/workbench/search";
import { OPEN_SESSION_SEARCH } from "@/lib/workbench/session-search-open";
import { SessionSearchDialog } from "./session-search-dialog";

export interface SessionSearchLauncherProps {
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's "Search sessions…" button, Ctrl/⌘+Shift+F anywhere, and the palette's item. */
export function SessionSearchLauncher({ navigate }: SessionSearchLauncherProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === "f") {
        e.preventDefault();
        setOpen(true);
      }
    };
    const onOpen = () => setOpen(true);
    window.addEventListener("keydown", onKey);
    window.addEventListener(OPEN_SESSION_SEARCH, onOpen);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(OPEN_SESSION_SEARCH, onOpen);
    };
  }, []);
  const choose = useCallback(
    (hit: SessionSearchHit) => {
      setOpen(false);
      navigate(hitTarget(hit));
    },
    [navigate],
  );

  return (
    <>
      <div className="border-t px-1.5 py-1.5">
        <button
          type="button"
          data-testid="open-session-search"
          aria-keyshortcuts="Control+Shift+F Meta+Shift+F"
          title="Find a session of any agent by id, text, name or label (Ctrl+Shift+F)"
          onClick={() => setOpen(true)}
          className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <SearchIcon className="size-4" />
          <span className="flex-1 text-left">Search sessions…</span>
          <kbd className="font-sans text-[10px]">Ctrl ⇧ F</kbd>
        </button>
      </div>
      <SessionSearchDialog open={open} onOpenChange={setOpen} onChoose={choose} />
    </>
  );
}
