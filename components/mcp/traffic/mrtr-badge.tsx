"use client";

import { Badge } from "@/components/ui/badge";
import { useMrtrLeg } from "./mrtr-context";

/**
 * On a traffic row that is one leg of a multi round-trip request: which leg of how many, so the
 * retries (each on its own JSON-RPC id) read as one call. Leg n ≥ 2 carries the answers to round n − 1.
 */
export function MrtrBadge({ rowKey }: { rowKey: string }) {
  const found = useMrtrLeg(rowKey);
  if (!found) return null;
  const { chain, leg } = found;
  const what = leg.outcome === "input_required" ? `asks round ${leg.leg}` : leg.leg > 1 ? `retry ${leg.leg - 1}` : "";
  return (
    <Badge
      variant={leg.stateMismatch ? "warning" : "secondary"}
      data-testid="mrtr-badge"
      data-chain={chain.key}
      data-leg={leg.leg}
      title={`Multi round-trip request: leg ${leg.leg} of ${chain.legs.length} of ${chain.method} ${chain.target}`}
    >
      MRTR {leg.leg}/{chain.legs.length}
      {what && ` · ${what}`}
    </Badge>
  );
}
