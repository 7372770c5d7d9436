import { AlertCircleIcon, AlertTriangleIcon, ArrowRightIcon } from "lucide-react";
import type { A2aTaskTimeline } from "@/lib/protocols/a2a/timeline";
import { formatDuration } from "@/lib/format";
import { A2aStateBadge } from "@/components/a2a/state-badge";
import { ArtifactView } from "@/components/a2a/artifact-view";
import { bubbleText, conversation } from "@/components/a2a/message-bubble";

export interface TaskSummaryProps {
  timeline: A2aTaskTimeline;
  /** Opens the raw entry behind a step. */
  onOpenSeq: (seq: number) => void;
  /** The task ended or its agent was lost: no more chunks will come (an unfinished artifact reads "cut off"). */
  over?: boolean;
}

/**
 * What the task went through, read: every state with the time it took to get there, the
 * messages both ways (with the question the agent asked), the artifacts assembled from their
 * chunks, and what broke the A2A state rules. Each step opens its raw frame.
 */
export function TaskSummary({ timeline, onOpenSeq, over = false }: TaskSummaryProps) {
  const states = timeline.steps.filter((s) => s.type === "state");
  const messages = conversation(timeline.steps);
  return (
    <div className="flex max-h-[45%] min-h-16 flex-col gap-2 overflow-auto border-b px-3 py-2" data-testid="a2a-task-summary">
      <ol className="flex flex-wrap items-center gap-1 text-xs" aria-label="States" data-testid="a2a-state-path">
        {states.map((s, i) => (
          <li key={s.seq} className="flex items-center gap-1">
            {i > 0 && <ArrowRightIcon className="size-3 text-muted-foreground" aria-hidden />}
            <button
              type="button"
              className="flex items-center gap-1 rounded px-0.5 hover:bg-accent"
              onClick={() => onOpenSeq(s.seq)}
              data-testid="a2a-state-step"
              data-state={s.state}
            >
              <A2aStateBadge state={s.state} />
              {i > 0 && <span className="font-mono text-[11px] text-muted-foreground tabular-nums">+{formatDuration(s.latencyMs)}</span>}
            </button>
          </li>
        ))}
      </ol>
      {timeline.findings.length > 0 && (
        <ul className="flex flex-col gap-0.5" data-testid="a2a-transition-findings">
          {timeline.findings.map((f, i) => (
            <li key={i} className="flex items-start gap-1.5 text-xs" data-severity={f.severity}>
              {f.severity === "error" ? (
                <AlertCircleIcon className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-label="Error" />
              ) : (
                <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-label="Warning" />
              )}
              <button type="button" className="text-left hover:underline" onClick={() => onOpenSeq(f.seq)}>
                {f.message}
              </button>
            </li>
          ))}
        </ul>
      )}
      {messages.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Messages" data-testid="a2a-messages">
          {messages.map((m) => (
            <li key={m.seq} className={m.message.role === "user" ? "self-end" : "self-start"}>
              <button
                type="button"
                onClick={() => onOpenSeq(m.seq)}
                data-testid="a2a-message-bubble"
                data-role={m.message.role}
                className={`max-w-prose rounded-lg px-2.5 py-1.5 text-left text-sm whitespace-pre-wrap ${m.message.role === "user" ? "bg-primary text-primary-foreground" : "bg-muted"}`}
              >
                {bubbleText(m.message)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {timeline.artifacts.length > 0 && (
        <ul className="grid gap-2 lg:grid-cols-2" aria-label="Artifacts" data-testid="a2a-artifacts">
          {timeline.artifacts.map((a) => (
            <ArtifactView key={a.artifactId} artifact={a} over={over} />
          ))}
        </ul>
      )}
    </div>
  );
}
