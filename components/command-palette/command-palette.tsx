"use client";

import { ComboboxInput } from "@/components/elements/combobox-input";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { SafeText } from "@/components/ui/safe-text";
import { cn } from "@/lib/cn";
import { PALETTE_KIND_LABEL, filterPalette, type PaletteItem } from "./palette-items";
import { plural } from "@/lib/format";

/** More would be a wall of rows; typing narrows it. */
const SHOWN = 60;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly PaletteItem[];
  /** Still fetching tool lists or sessions: said under the list so a missing item is explained. */
  loading?: boolean;
  onChoose: (item: PaletteItem) => void;
}

/**
 * "Go to…": a combobox over every server, tool, agent, app, session and inbox item. Focus stays in
 * the input; the active option is announced through aria-activedescendant (WAI-ARIA combobox).
 */
export function CommandPalette({ open, onOpenChange, items, loading, onChoose }: CommandPaletteProps) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const matches = useMemo(() => filterPalette(items, query), [items, query]);
  const shown = matches.slice(0, SHOWN);
  const current = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${listId}-opt-${i}`;

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [current]);

  const choose = (item: PaletteItem | undefined) => item && onChoose(item);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (e.key in step && shown.length > 0) {
      e.preventDefault();
      setActive((current + step[e.key]! + shown.length) % shown.length);
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      choose(shown[current]);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setQuery("");
          setActive(0);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        data-testid="command-palette"
        className="top-[12%] max-w-xl translate-y-0 gap-0 p-0"
        onCloseAutoFocus={(e) => e.preventDefault()}
      >
        <DialogTitle className="sr-only">Go to</DialogTitle>
        <DialogDescription className="sr-only">
          Type to filter servers, tools, agents, apps, sessions and inbox items; arrows move, Enter opens.
        </DialogDescription>
        <ComboboxInput
          listId={listId}
          activeId={shown.length > 0 ? optionId(current) : undefined}
          label="Go to"
          testId="palette-input"
          value={query}
          placeholder="Go to a server, tool, agent, session or inbox item…"
          onValueChange={(value) => {
            setQuery(value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Results"
          data-testid="palette-list"
          className="max-h-[min(60vh,28rem)] overflow-y-auto p-1"
        >
          {shown.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-index={i}
              data-testid="palette-item"
              data-kind={item.kind}
              data-label={item.label}
              onMouseMove={() => i !== current && setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                i === current && "bg-accent text-accent-foreground",
              )}
            >
              <span className="w-14 shrink-0 text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
                {PALETTE_KIND_LABEL[item.kind]}
              </span>
              <SafeText
                text={item.label}
                className={cn("min-w-0 truncate", (item.kind === "tool" || item.kind === "session") && "font-mono text-xs")}
              />
              <SafeText text={item.detail} className="ml-auto max-w-[45%] shrink-0 truncate text-xs text-muted-foreground" />
            </li>
          ))}
        </ul>
        <p className="border-t px-3 py-1.5 text-[11px] text-muted-foreground" data-testid="palette-status" aria-live="polite">
          {matches.length === 0
            ? "No matches."
            : matches.length > SHOWN
              ? `${SHOWN} of ${matches.length}; type to narrow.`
              : `${plural(matches.length, "result")}.`}
          {loading && " Loading tools and sessions…"}
        </p>
      </DialogContent>
    </Dialog>
  );
}
