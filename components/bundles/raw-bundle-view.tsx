"use client";

import { useState } from "react";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";
import { JsonView } from "@/components/elements/json-view";
import { Button } from "@/components/ui/button";
import { formatClockMs, plural } from "@/lib/format";

/** Rows rendered at first: a 10,000-entry bundle stays quick to open; "Show more" adds the next page. */
const PAGE = 200;

/**
 * The fallback view of a bundle whose unit type has no view of its own: every entry in order
 * (kind, direction, time, raw JSON), so an imported bundle is never blank.
 */
export function RawBundleView({ bundle }: BundleUnitViewProps) {
  const [shown, setShown] = useState(PAGE);
  const entries = bundle.entries;
  return (
    <section className="flex flex-col gap-2 p-4" data-testid="raw-bundle-view">
      <p className="text-xs text-muted-foreground">
        {plural(entries.length, "entry", "entries")} as recorded ({bundle.entryKinds.join(", ") || "no kinds"}).
      </p>
      <ol className="flex flex-col gap-2">
        {entries.slice(0, shown).map((entry, i) => (
          <li key={`${entry.seq}:${i}`} className="rounded-md border p-2" data-testid="raw-bundle-entry" data-kind={entry.kind}>
            <div className="mb-1 flex flex-wrap gap-x-3 text-xs">
              <span className="font-mono font-medium">{entry.kind}</span>
              <span className="text-muted-foreground">{entry.direction}</span>
              <span className="text-muted-foreground">{entry.protocol}</span>
              <span className="text-muted-foreground">{formatClockMs(entry.receivedAt)}</span>
              <span className="text-muted-foreground">#{entry.seq}</span>
            </div>
            <JsonView value={entry.raw} />
          </li>
        ))}
      </ol>
      {entries.length > shown && (
        <Button size="xs" variant="outline" className="self-start" data-testid="raw-bundle-more" onClick={() => setShown((n) => n + PAGE)}>
          Show more ({plural(entries.length - shown, "entry", "entries")} left)
        </Button>
      )}
    </section>
  );
}
