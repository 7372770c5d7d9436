"use client";

import { useEffect, useRef } from "react";
import type { RefObject } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";

export interface LiveVirtualizerOptions {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string | number;
  overscan: number;
  /** How close to the bottom (px) still counts as "at the bottom". */
  scrollEndThreshold: number;
}

/**
 * A virtualized list of a live log (MCP traffic, an ADK session): it opens on the newest row,
 * follows new rows only while the user sits at the bottom, and rows prepended above (older
 * history) keep the viewport where it was.
 */
export function useLiveVirtualizer({ count, scrollRef, estimateSize, getItemKey, overscan, scrollEndThreshold }: LiveVirtualizerOptions) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold,
    // React 19 warns when flushSync runs inside a render-phase update.
    useFlushSync: false,
  });

  // Open on the newest row, once; later appends are followed by followOnAppend.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || count === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [count, virtualizer]);

  return virtualizer;
}
