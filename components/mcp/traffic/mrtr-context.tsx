"use client";

import { createContext, useContext } from "react";
import type { MrtrChain, MrtrIndex, MrtrLeg } from "@/lib/protocols/mcp/mrtr-rounds";

interface MrtrContextValue {
  index: MrtrIndex;
  /** Opens another row of the timeline (a leg of the same logical request). */
  select: (rowKey: string) => void;
}

const EMPTY: MrtrContextValue = { index: { chains: [], byRow: new Map() }, select: () => undefined };

/**
 * The multi round-trip grouping of the timeline's rows, given once by TrafficTimeline so a row
 * and the detail can show their logical request without threading it through the virtual list.
 */
export const MrtrContext = createContext<MrtrContextValue>(EMPTY);

export function useMrtrLeg(rowKey: string): { chain: MrtrChain; leg: MrtrLeg } | undefined {
  return useContext(MrtrContext).index.byRow.get(rowKey);
}

export function useMrtrSelect(): (rowKey: string) => void {
  return useContext(MrtrContext).select;
}
