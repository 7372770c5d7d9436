"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { CommandIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useQuery } from "@tanstack/react-query";
import { useInbox } from "@/hooks/use-inbox";
import { bundleListQuery } from "@/lib/queries/bundles";
import { useProtocolPaletteItems } from "@/components/protocols/registry";
import { CommandPalette } from "./command-palette";
import { paletteItems, type PaletteItem } from "./palette-items";
import { requestInboxReveal } from "@/lib/workbench/inbox-reveal";
import { openSessionSearch } from "@/lib/workbench/session-search-open";

/** Searches what the palette cannot list: every session's id and recorded text (issue 12). */
const SEARCH_SESSIONS: PaletteItem = {
  id: "action:search-sessions",
  kind: "session",
  label: "Search sessions…",
  detail: "by id, text, name or label, across agents and apps (Ctrl+Shift+F)",
  target: {},
  run: openSessionSearch,
};

/** Focus (and show) the element once the view it lives in has rendered; gives up after a few seconds. */
function focusWhenShown(selector: string, timeoutMs = 5000) {
  const until = performance.now() + timeoutMs;
  const tick = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) {
      el.scrollIntoView({ block: "center" });
      el.focus({ preventScroll: true });
    } else if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export interface PaletteLauncherProps {
  /** The workbench's own navigate (useWorkbenchLocation): the palette moves exactly as a click would. */
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The header's "Go to…" button and Ctrl/⌘+K, anywhere on the page. */
export function PaletteLauncher({ navigate }: PaletteLauncherProps) {
  const [open, setOpen] = useState(false);
  // Every protocol's items (tool lists and sessions are fetched only while open), then the core ones.
  const protocols = useProtocolPaletteItems(open);
  const inbox = useInbox();
  const bundles = useQuery(bundleListQuery());
  const items = useMemo(
    () => (open ? [...protocols.items, ...paletteItems({ inbox: inbox.data ?? [], bundles: bundles.data ?? [] }), SEARCH_SESSIONS] : []),
    [open, protocols.items, inbox.data, bundles.data],
  );
  const loading = protocols.loading;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const choose = useCallback(
    (item: PaletteItem) => {
      setOpen(false);
      if (item.run) return item.run();
      // Asked before navigating: an inbox that mounts with it scrolls the row into its window.
      if (item.inboxKey) requestInboxReveal(item.inboxKey);
      navigate(item.target);
      if (item.focusSelector) focusWhenShown(item.focusSelector);
    },
    [navigate],
  );

  return (
    <>
      <Button
        size="xs"
        variant="outline"
        className="gap-1.5 text-muted-foreground"
        data-testid="open-palette"
        aria-keyshortcuts="Control+K Meta+K"
        title="Go to a server, tool, agent, session or inbox item (Ctrl+K or ⌘+K)"
        onClick={() => setOpen(true)}
      >
        <CommandIcon /> Go to… <kbd className="font-sans text-[10px]">Ctrl K</kbd>
      </Button>
      <CommandPalette open={open} onOpenChange={setOpen} items={items} loading={loading} onChoose={choose} />
    </>
  );
}
