"use client";

import type { ReactNode } from "react";
import { SafeText } from "@/components/ui/safe-text";
import type { InboxRow as Row } from "@/lib/contracts/inbox";
import type { InboxLine } from "@/lib/workbench/inbox-order";
import { inboxItemDomKey, inboxStatus, rowKind } from "@/lib/workbench/inbox";

/** One line of the virtualized inbox: a group's heading, or a row (focusable, Enter steps into its card). */
export function Line<T extends Row>({ line, render }: { line: InboxLine<T>; render: (item: T) => ReactNode }) {
  if (line.type === "group") {
    return (
      <h3 className="pt-2 pb-1 font-mono text-xs text-muted-foreground" data-testid="inbox-group" data-session-key={line.groupKey}>
        <SafeText text={line.label} />
      </h3>
    );
  }
  const { row } = line;
  return (
    <div
      data-testid="inbox-item"
      data-item-key={inboxItemDomKey(row)}
      data-group-key={line.groupKey}
      data-source={row.source}
      data-kind={rowKind(row)}
      data-status={inboxStatus(row)}
      // Arrow keys move between cards; Enter steps into the card's first control.
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key !== "Enter" || e.target !== e.currentTarget) return;
        e.preventDefault();
        e.currentTarget.querySelector<HTMLElement>("textarea, input, select, button:not([disabled])")?.focus();
      }}
      className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {render(row)}
    </div>
  );
}
