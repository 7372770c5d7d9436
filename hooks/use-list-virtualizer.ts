"use client";

import type { RefObject } from "react";
import { measureElement, useVirtualizer } from "@tanstack/react-virtual";

export interface ListVirtualizerOptions {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** A typical row's height; rows are then measured (they may wrap). */
  estimate: number;
  getItemKey: (index: number) => string | number;
  /** Where the list starts inside the scroller, when other content sits above it there. */
  scrollMargin?: number;
}

/**
 * A virtualized list of rows of varying height (resources, sessions, an auth log), read top
 * down: unlike useLiveVirtualizer it neither opens at the end nor follows appends.
 */
export function useListVirtualizer({ count, scrollRef, estimate, getItemKey, scrollMargin = 0 }: ListVirtualizerOptions) {
  return useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    // A row measured at 0 (a hidden panel, no layout) keeps its estimate: 0-high rows would all "fit".
    measureElement: (el, entry, instance) => measureElement(el, entry, instance) || estimate,
    getItemKey,
    overscan: 8,
    scrollMargin,
    // Before layout (and in tests) there is no measured height; assume a typical panel.
    initialRect: { width: 320, height: 800 },
    // React 19 warns when flushSync runs inside a render-phase update.
    useFlushSync: false,
  });
}
