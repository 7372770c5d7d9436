"use client";

import { Button } from "@/components/ui/button";

export type SessionPane = "timeline" | "trace";

const PANE_LABEL: Record<SessionPane, string> = { timeline: "Timeline", trace: "Trace" };
const PANES: readonly SessionPane[] = ["timeline", "trace"];

/** Timeline | Trace beside the session summary: the events, or the spans the server recorded. */
export function SessionPaneToggle({ pane, onChange }: { pane: SessionPane; onChange: (pane: SessionPane) => void }) {
  return (
    <div role="group" aria-label="Session view" className="flex" data-testid="session-pane-toggle">
      {PANES.map((p, i) => (
        <Button
          key={p}
          size="xs"
          variant={pane === p ? "secondary" : "outline"}
          aria-pressed={pane === p}
          data-testid={`session-pane-${p}`}
          className={i === 0 ? "rounded-r-none" : "rounded-l-none border-l-0"}
          onClick={() => onChange(p)}
        >
          {PANE_LABEL[p]}
        </Button>
      ))}
    </div>
  );
}
