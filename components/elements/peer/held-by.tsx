import type { HeldBy } from "@/lib/contracts/cluster";

/**
 * Several Loupe instances on one database (issue 25): "held by <instance>" under a saved server or
 * agent that another instance holds (it connects it, and runs on it go there). Nothing otherwise.
 */
export function HeldByLine({ heldBy, testId }: { heldBy?: HeldBy; testId: string }) {
  if (!heldBy || heldBy.here) return null;
  return (
    <span className="w-full truncate text-[10px] text-muted-foreground" title={heldBy.address} data-testid={testId}>
      held by {heldBy.address}
    </span>
  );
}
