import type { ReactNode } from "react";
import { GitCompareIcon, PencilIcon, PlayIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { CallRecord } from "@/lib/contracts/calls";
import { cn } from "@/lib/cn";
import { CallStatusBadge } from "@/components/elements/tool-result/call-status";
import { formatClock, formatDuration } from "@/lib/format";

export interface CallHistoryProps {
  calls: CallRecord[];
  /** The call whose result is shown above. */
  activeId: string | null;
  onView: (call: CallRecord) => void;
  onRerun: (call: CallRecord) => void;
  onEdit: (call: CallRecord) => void;
  /** "Compare": the first click picks a call, a click on another compares the two. */
  onCompare?: (call: CallRecord) => void;
  /** The call picked for comparison. */
  compareFrom?: string | null;
  /** More actions on a finished call (Save as case). */
  actions?: (call: CallRecord) => ReactNode;
}

function preview(call: CallRecord): string {
  // Large arguments are not carried by the live stream; Re-run and Edit fetch them.
  if (call.argsOmitted) return "(large arguments)";
  const s = JSON.stringify(call.args ?? {}) ?? "";
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}

/** Past calls of one tool, newest first. */
export function CallHistory({ calls, activeId, onView, onRerun, onEdit, onCompare, compareFrom = null, actions }: CallHistoryProps) {
  return (
    <section className="flex min-w-0 flex-col gap-1" data-testid="call-history">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">History ({calls.length})</h3>
      {calls.length === 0 && <p className="text-xs text-muted-foreground">No calls yet.</p>}
      <ul className="flex flex-col divide-y rounded-md border">
        {calls.map((c) => (
          <li
            key={c.id}
            data-testid="call-history-item"
            data-status={c.status}
            className={cn(
              "flex min-w-0 flex-wrap items-center gap-x-2 px-2 py-1 text-xs hover:bg-accent/50",
              c.id === activeId && "bg-accent",
            )}
          >
            <button
              type="button"
              className="flex min-w-48 flex-1 basis-48 items-center gap-2 text-left"
              onClick={() => onView(c)}
              title="Show this result"
            >
              <CallStatusBadge status={c.status} />
              <span className="shrink-0 font-mono text-muted-foreground">{formatClock(c.startedAt)}</span>
              <span className="w-16 shrink-0 text-right font-mono text-muted-foreground">
                {c.endedAt !== null ? formatDuration(c.endedAt - c.startedAt) : "…"}
              </span>
              {c.origin?.kind === "tap" && (
                <Badge variant="info" className="shrink-0" data-testid="call-origin" title={`Made through the tap ${c.origin.tapId}`}>
                  via {c.origin.client?.name ?? "a tap client"}
                </Badge>
              )}
              <span className="min-w-0 truncate font-mono">{preview(c)}</span>
            </button>
            <Button size="xs" variant="ghost" onClick={() => onRerun(c)} data-testid="rerun-call" title="Run again with these arguments">
              <PlayIcon /> Re-run
            </Button>
            <Button size="xs" variant="ghost" onClick={() => onEdit(c)} data-testid="edit-call" title="Load these arguments into the form">
              <PencilIcon /> Edit
            </Button>
            {onCompare && (
              <Button
                size="xs"
                variant={c.id === compareFrom ? "secondary" : "ghost"}
                onClick={() => onCompare(c)}
                data-testid="compare-call"
                data-picked={c.id === compareFrom}
                title={compareFrom ? "Compare with the picked call" : "Pick this call, then another, to compare them"}
              >
                <GitCompareIcon /> {c.id === compareFrom ? "Picked" : compareFrom ? "Compare with this" : "Compare…"}
              </Button>
            )}
            {c.status !== "running" && actions?.(c)}
          </li>
        ))}
      </ul>
    </section>
  );
}
