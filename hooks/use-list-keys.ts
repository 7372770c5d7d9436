"use client";

import { useCallback, type KeyboardEvent } from "react";

const KEYS = ["ArrowDown", "ArrowUp", "Home", "End"] as const;
type MoveKey = (typeof KEYS)[number];

/** Where focus goes from `current` in a list of `count` items; null when it stays. */
export function nextIndex(current: number, count: number, key: MoveKey): number | null {
  if (count === 0) return null;
  const to = key === "Home" ? 0 : key === "End" ? count - 1 : key === "ArrowDown" ? current + 1 : current - 1;
  const clamped = Math.max(0, Math.min(count - 1, to));
  return clamped === current ? null : clamped;
}

export interface ListKeysOptions {
  /** Which descendants are the list's items (default: role="option"). */
  itemSelector?: string;
  /**
   * Home / End. Off for virtualized lists, where the first and last rendered rows are not the
   * list's first and last.
   */
  edges?: boolean;
}

/**
 * Arrow keys move focus between a list's items (and Home / End to its ends); Enter stays with each
 * item, which opens it. Keys pressed inside an item's own controls (a field in an inbox card) are
 * left alone: only an item that has focus itself moves.
 */
export function useListKeys({ itemSelector = '[role="option"]', edges = true }: ListKeysOptions = {}) {
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const key = e.key as MoveKey;
      if (!KEYS.includes(key) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (!edges && (key === "Home" || key === "End")) return;
      const target = e.target as HTMLElement;
      if (!target.matches(itemSelector)) return;
      const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(itemSelector));
      const to = nextIndex(items.indexOf(target), items.length, key);
      e.preventDefault();
      if (to === null) return;
      items[to]?.focus();
      items[to]?.scrollIntoView?.({ block: "nearest" });
    },
    [itemSelector, edges],
  );
}
