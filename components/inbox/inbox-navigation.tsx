"use client";

import { createContext, useContext } from "react";
import type { InboxRow } from "@/lib/contracts/inbox";

/**
 * Where an inbox card's "Open" goes, given by the page that shows the inbox (InboxView), so the
 * cards of INBOX_SOURCES keep one prop shape. Absent: the cards show no link.
 */
export interface InboxNavigation {
  /** Opens where a row comes from (an ADK interrupt's session, an MCP request's server…). */
  open?: (row: InboxRow) => void;
}

const InboxNavigationContext = createContext<InboxNavigation>({});

export const InboxNavigationProvider = InboxNavigationContext.Provider;

export function useInboxNavigation(): InboxNavigation {
  return useContext(InboxNavigationContext);
}
