"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export interface SegmentedTabsProps<T extends string> {
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  /** What a tab says (a count may follow its name). */
  label: (tab: T) => ReactNode;
  /** `data-testid` of each tab: `${testIdPrefix}${tab}`. */
  testIdPrefix: string;
}

/** A compact row of tabs in a bordered pill, for a pane header (no panel wiring: the caller shows the tab). */
export function SegmentedTabs<T extends string>({ tabs, value, onChange, label, testIdPrefix }: SegmentedTabsProps<T>) {
  return (
    <div role="tablist" className="ml-auto flex gap-0.5 rounded-md border p-0.5">
      {tabs.map((t) => (
        <Button
          key={t}
          role="tab"
          size="xs"
          variant={value === t ? "secondary" : "ghost"}
          aria-selected={value === t}
          data-testid={`${testIdPrefix}${t}`}
          onClick={() => onChange(t)}
        >
          {label(t)}
        </Button>
      ))}
    </div>
  );
}
