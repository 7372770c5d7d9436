"use client";

import { createContext, useContext } from "react";
import { Badge } from "@/components/ui/badge";
import type { TapOrigin } from "@/lib/protocols/mcp/tap-origin";

/** The timeline's tapped calls by upstream request id, given once by TrafficTimeline. */
export const TapOriginContext = createContext<Map<string, TapOrigin>>(new Map());

/** On an upstream request a tap's client made: "via <client>" (issue 10), so it never reads as Loupe's own call. */
export function TapOriginBadge({ requestId }: { requestId: string | number }) {
  const origin = useContext(TapOriginContext).get(String(requestId));
  if (!origin) return null;
  const who = origin.client ?? "a tap client";
  return (
    <Badge variant="info" data-testid="tap-origin-badge" title={`Made by ${who} through the tap ${origin.tapId}`}>
      via {who}
    </Badge>
  );
}
