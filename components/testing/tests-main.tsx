"use client";

import type { WorkbenchPaneProps } from "@/lib/workbench/slots";

/** ?view=tests: the saved suites, a suite's cases and runs, a case's recording and assertions, a run's results. */
export function TestsMain(_props: WorkbenchPaneProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col p-4" data-testid="tests-view">
      <h2 className="text-sm font-semibold">Tests</h2>
    </div>
  );
}
