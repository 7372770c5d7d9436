"use client";

import { createContext, useContext } from "react";
import type { ListedExchange } from "@/lib/queries/network";

/**
 * The connection's HTTP exchanges, for the traffic detail's "carried by" section. Given by the
 * traffic panel of a remote connection; absent (stdio, or a timeline of several connections).
 */
export interface WireContextValue {
  exchanges: readonly ListedExchange[];
  /** Opens the Network tab on that exchange. */
  onOpenNetwork?: (exchangeId: string) => void;
}

export const WireContext = createContext<WireContextValue | null>(null);

export function useWire(): WireContextValue | null {
  return useContext(WireContext);
}
