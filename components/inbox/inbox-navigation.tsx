"use client";

import { createContext, useContext } from "react";
import type { InboxItem } from "@/lib/contracts/agents";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";

/**
 * Where an inbox card's "Open" goes, given by the page that shows the inbox (InboxView), so the
 * cards of INBOX_SOURCES keep one prop shape `{ row, compact? }`. Absent: the cards show no link.
 */
export interface InboxNavigation {
  /** The session an ADK interrupt comes from. */
  openSession?: (item: InboxItem) => void;
  /** The MCP server (and tool or task) a sampling / elicitation request comes from. */
  openConnection?: (request: McpClientRequest) => void;
}

const InboxNavigationContext = createContext<InboxNavigation>({});

export const InboxNavigationProvider = InboxNavigationContext.Provider;

export function useInboxNavigation(): InboxNavigation {
  return useContext(InboxNavigationContext);
}
