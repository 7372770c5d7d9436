import { Badge } from "@/components/ui/badge";

export interface InboxBadgeProps {
  /** Requests that need the user: waiting or failed (see `countNeedsYou`). */
  count: number;
}

/** The sidebar's count of requests that need the user; renders nothing at zero so the sidebar stays quiet. */
export function InboxBadge({ count }: InboxBadgeProps) {
  if (count <= 0) return null;
  return (
    <Badge
      variant="default"
      className="min-w-5 justify-center rounded-full px-1.5 py-0 text-[10px]"
      data-testid="inbox-count"
      data-count={count}
      aria-label={`${count} need you`}
    >
      {count > 99 ? "99+" : count}
    </Badge>
  );
}
