import type { TapTurnedAway as TurnedAway } from "@/lib/contracts/taps";
import { SafeText } from "@/components/ui/safe-text";
import { StatusBadge } from "@/components/elements/status-badge";
import { formatRelative } from "@/lib/format";

/** How many of the tap's last ended sessions and refusals are shown. */
const SHOWN = 5;

const LABEL: Record<TurnedAway["kind"], string> = { ended: "session ended", refused: "refused" };

export interface TapTurnedAwayProps {
  items: TurnedAway[];
  /** The time "when" is measured from (the query's fetch time, so the render stays pure). */
  now: number;
}

/**
 * The sessions Loupe ended and the requests it refused on this tap (its session and request
 * limits), newest first, in the words the client read: a client that lost its session or got a
 * 429 is explained here, not only in the terminal.
 */
export function TapTurnedAway({ items, now }: TapTurnedAwayProps) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5 text-xs" aria-label="Sessions ended and requests refused" data-testid="tap-turned-away">
      {items.slice(0, SHOWN).map((item, i) => (
        <li
          key={`${item.at}-${i}`}
          className="flex flex-col gap-0.5 rounded-md border p-2"
          data-testid="tap-turned-away-item"
          data-kind={item.kind}
        >
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={item.kind === "refused" ? "failed" : "stale"}>
              {LABEL[item.kind]}
              {item.status ? ` · ${item.status}` : ""}
            </StatusBadge>
            {item.client && <SafeText text={item.client} className="font-medium" />}
            <span className="text-muted-foreground" title={new Date(item.at).toLocaleString()}>
              {formatRelative(item.at, now)}
            </span>
          </span>
          <SafeText text={item.message} className="break-words" />
        </li>
      ))}
      {items.length > SHOWN && <li className="text-muted-foreground">and {items.length - SHOWN} earlier</li>}
    </ul>
  );
}
