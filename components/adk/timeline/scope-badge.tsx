import { Badge } from "@/components/ui/badge";
import type { StateScope } from "@/lib/protocols/adk/types";
import { SCOPE_BADGE } from "./format";

export interface ScopeBadgeProps {
  scope: StateScope;
}

/** Which state scope a key lives in: shared across sessions (app:, user:), temp: or the session. */
export function ScopeBadge({ scope }: ScopeBadgeProps) {
  const { label, variant } = SCOPE_BADGE[scope];
  return (
    <Badge data-testid="scope-badge" data-scope={scope} variant={variant} className="px-1 py-0 text-[10px]">
      {label}
    </Badge>
  );
}
