"use client";

import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TrafficRow } from "@/lib/protocols/mcp/pairing";

/** The recorded entries a row stands for: a request and its response, or the one entry. */
export function rowSeqs(row: TrafficRow): number[] {
  if (row.type === "entry") return [row.entry.seq];
  return row.response ? [row.request.seq, row.response.seq] : [row.request.seq];
}

export interface RowSelection {
  /** Selection mode is on: rows show a checkbox and a click checks instead of opening the detail. */
  active: boolean;
  checked: ReadonlySet<string>;
  /** Checks or unchecks a row; with shift, every shown row between the last one clicked and this one. */
  toggle: (key: string, shift: boolean) => void;
  start: () => void;
  stop: () => void;
  checkAll: () => void;
  /** The entries of the checked rows, ascending (what "Selected rows" exports). */
  seqs: number[];
}

/**
 * The traffic list's selection mode (export "Selected rows"). `shown` is the filtered list, so a
 * shift-click range follows what the user sees; `all` resolves the checked rows to entry seqs,
 * so a checked row hidden by a later filter stays selected.
 */
export function useRowSelection(all: readonly TrafficRow[], shown: readonly TrafficRow[]): RowSelection {
  const [active, setActive] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  // The toggle stays one function while traffic streams in (every row gets it).
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  });

  const toggle = useCallback((key: string, shift: boolean) => {
    // Read now: the updater may run later (at render), after the anchor moved to this row.
    const rows = shownRef.current;
    const from = shift && anchor.current !== null ? rows.findIndex((r) => r.key === anchor.current) : -1;
    const to = from >= 0 ? rows.findIndex((r) => r.key === key) : -1;
    anchor.current = key;
    setChecked((prev) => {
      const next = new Set(prev);
      if (from >= 0 && to >= 0) {
        for (let i = Math.min(from, to); i <= Math.max(from, to); i++) next.add(rows[i]!.key);
      } else if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const start = useCallback(() => setActive(true), []);
  const stop = useCallback(() => {
    setActive(false);
    setChecked(new Set());
    anchor.current = null;
  }, []);
  const checkAll = useCallback(() => setChecked(new Set(shownRef.current.map((r) => r.key))), []);

  const seqs = useMemo(
    () =>
      all
        .filter((r) => checked.has(r.key))
        .flatMap(rowSeqs)
        .sort((a, b) => a - b),
    [all, checked],
  );
  return { active, checked, toggle, start, stop, checkAll, seqs };
}
