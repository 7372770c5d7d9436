"use client";

import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { InboxView } from "@/components/inbox/inbox-view";
import { sourceOf } from "@/components/inbox/sources";

/** ?view=inbox: every human request; a card's "Open" goes where its source says the row comes from. */
export function InboxMain({ navigate }: WorkbenchPaneProps) {
  return (
    <InboxView
      onOpen={(row) => {
        const target = sourceOf(row).target?.(row);
        if (target) navigate(target);
      }}
    />
  );
}
