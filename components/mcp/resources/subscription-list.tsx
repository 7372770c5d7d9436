"use client";

import { BellIcon } from "lucide-react";
import type { ResourceUpdate } from "@/lib/queries/resources";
import { formatClock } from "@/lib/format";
import { cn } from "@/lib/cn";

const time = formatClock;

export interface SubscriptionListProps {
  subscriptions: readonly string[];
  selectedUri: string | null;
  onSelect: (uri: string) => void;
  latestUpdates: ReadonlyMap<string, ResourceUpdate>;
  /** What carries the subscriptions, when it is worth saying (2026-07-28: subscriptions/listen). */
  note?: string;
}

/** The URIs this session is subscribed to, each with its last update. */
export function SubscriptionList({ subscriptions, selectedUri, onSelect, latestUpdates, note }: SubscriptionListProps) {
  return (
    <section className="border-b" data-testid="subscriptions">
      <h3 className="px-3 pt-2 pb-1 text-[11px] font-medium text-muted-foreground" data-testid="subscription-count">
        Subscribed ({subscriptions.length})
      </h3>
      {note && (
        <p className="px-3 pb-1 text-[10px] text-muted-foreground" data-testid="subscriptions-via">
          {note}
        </p>
      )}
      {subscriptions.length === 0 ? (
        <p className="px-3 pb-2 text-[11px] text-muted-foreground">None. Open a resource and press Subscribe.</p>
      ) : (
        <ul className="pb-1">
          {subscriptions.map((uri) => {
            const update = latestUpdates.get(uri);
            return (
              <li key={uri}>
                <button
                  type="button"
                  data-testid="subscription-item"
                  data-uri={uri}
                  onClick={() => onSelect(uri)}
                  className={cn("flex w-full items-center gap-1.5 px-3 py-1 text-left hover:bg-accent", uri === selectedUri && "bg-accent")}
                >
                  <BellIcon className="size-3 shrink-0 text-sky-600 dark:text-sky-400" />
                  <span className="truncate font-mono text-[11px]">{uri}</span>
                  {update && (
                    <span className="ml-auto shrink-0 text-[10px] text-sky-700 dark:text-sky-300" data-testid="subscription-updated">
                      updated {time(update.at)}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
