"use client";

import { useMemo } from "react";
import type { Entry } from "@/lib/contracts/entries";
import { buildLgTimeline, lgTimelineRows } from "@/lib/protocols/langgraph/timeline";
import type { LgRow } from "@/lib/protocols/langgraph/types";
import { VirtualList } from "@/components/elements/virtual-list";
import { LgNoteRow } from "./note-row";
import { LgRunHeader } from "./run-header";
import { LgStepRow } from "./step-row";

export interface LgThreadTimelineProps {
  /** Every entry Loupe recorded for the thread (any order; read by seq). */
  entries: Entry[];
}

const ESTIMATE: Record<LgRow["kind"], number> = { run: 72, step: 96, note: 48 };

/** A LangGraph thread as runs → supersteps → nodes, virtualized (10,000 events open as fast as ten). */
export function LgThreadTimeline({ entries }: LgThreadTimelineProps) {
  const timeline = useMemo(() => buildLgTimeline(entries), [entries]);
  const rows = useMemo(() => lgTimelineRows(timeline), [timeline]);
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="lg-timeline">
      <VirtualList
        rows={rows}
        testId="lg-timeline-rows"
        emptyTestId="lg-timeline-empty"
        empty="No runs recorded on this thread yet."
        estimate={(row) => ESTIMATE[row.kind]}
        render={(row) =>
          row.kind === "run" ? (
            <LgRunHeader run={row.run} />
          ) : row.kind === "step" ? (
            <LgStepRow step={row.step} results={timeline.toolResults} calls={timeline.toolCalls} />
          ) : (
            <LgNoteRow note={row.note} />
          )
        }
      />
    </div>
  );
}
