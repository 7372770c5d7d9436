"use client";

import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import type { RowOf } from "@/lib/workbench/inbox-text";
import { INBOX_SOURCES, type InboxSourceDescriptor } from "@/components/protocols/registry";
import { useInboxNavigation } from "./inbox-navigation";

export type { InboxCardProps } from "@/lib/workbench/slots";

/** The descriptor of a row's source (INBOX_SOURCES, components/protocols/registry.tsx): the table is keyed by the row's own source. */
export function sourceOf<S extends InboxSource>(row: { source: S }): InboxSourceDescriptor<RowOf<S>> {
  return INBOX_SOURCES[row.source];
}

/** A row as its source's card shows it, with an "Open" link when the page gives one and the source has a place to open. */
export function InboxCard({ row, compact }: { row: InboxRow; compact?: boolean }) {
  const { open } = useInboxNavigation();
  const { Card, target } = sourceOf(row);
  return <Card row={row} compact={compact} onOpen={open && target ? () => open(row) : undefined} />;
}
