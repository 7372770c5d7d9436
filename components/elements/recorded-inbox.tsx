"use client";

import { isKnownInboxRow } from "@/lib/workbench/inbox";
import { JsonView } from "@/components/elements/json-view";
import { InboxRow } from "@/components/elements/inbox-row";
import { plural } from "@/lib/format";

export interface RecordedInboxProps {
  /** `bundle.inbox`: the unit's human requests as the inbox showed them at export, answers included. */
  rows: readonly unknown[];
}

/**
 * The human requests of an imported unit, read-only: what was asked, its status and, folded, the
 * row as recorded (the answer or decision with it). No answer buttons: nothing here reaches a peer.
 */
export function RecordedInbox({ rows }: RecordedInboxProps) {
  if (rows.length === 0) {
    return (
      <p className="p-3 text-xs text-muted-foreground" data-testid="recorded-inbox-empty">
        No human requests were recorded for this.
      </p>
    );
  }
  return (
    <section className="flex flex-col gap-2 p-3" data-testid="recorded-inbox" aria-label="Recorded inbox">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">{plural(rows.length, "recorded request")}</h3>
      {rows.map((row, i) => {
        const known = isKnownInboxRow(row);
        return (
          <div key={i} data-testid="recorded-inbox-row" className="flex flex-col gap-1">
            {known ? (
              <InboxRow item={row} />
            ) : (
              <p className="text-xs text-muted-foreground">A request of a kind this Loupe does not know:</p>
            )}
            <details open={!known}>
              <summary className="cursor-pointer text-xs text-muted-foreground">As recorded (answer included)</summary>
              <JsonView value={row} />
            </details>
          </div>
        );
      })}
    </section>
  );
}
