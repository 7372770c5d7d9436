"use client";

import { useState } from "react";
import type { CallRecord } from "@/lib/contracts/calls";
import { cn } from "@/lib/cn";
import { CallErrorView } from "./call-error";
import { CallTaskNote } from "./call-task-note";
import { RawJson } from "@/components/elements/raw-json";
import { ResultBody } from "./result-body";
import { ResultHeader } from "./result-header";

export interface ToolResultViewProps {
  /** The call to show, final or still running. */
  call: CallRecord;
  /** The called tool's outputSchema; structuredContent is validated against it when given. */
  outputSchema?: unknown;
  className?: string;
  /** Runs the call again with its arguments (offered by errors that ask for a retry). */
  onRetry?: () => void;
  /** Opens the task a call became (status "task") in the Tasks tab. */
  onOpenTask?: (taskId: string) => void;
}

function rawOf(call: CallRecord): unknown {
  if (call.result !== undefined && call.error !== undefined) return { result: call.result, error: call.error };
  return call.result !== undefined ? call.result : call.error;
}

/** The outcome of one tools/call: status header, rendered content, and the raw JSON one click away. */
export function ToolResultView({ call, outputSchema, className, onRetry, onOpenTask }: ToolResultViewProps) {
  const [showRaw, setShowRaw] = useState(false);
  const durationMs = call.endedAt === null ? null : call.endedAt - call.startedAt;
  const raw = rawOf(call);

  return (
    <article
      data-testid="tool-result"
      data-status={call.status}
      className={cn("flex flex-col gap-3 rounded-lg border bg-card p-3 text-card-foreground", className)}
    >
      <ResultHeader
        tool={call.tool}
        status={call.status}
        durationMs={durationMs}
        showRaw={showRaw}
        onToggleRaw={() => setShowRaw((v) => !v)}
      />
      {showRaw && <RawJson value={raw ?? null} filename={`${call.tool}-${call.id}.json`} />}
      {call.status === "running" && call.result === undefined && (
        <p data-testid="result-waiting" className="text-sm text-muted-foreground">
          Waiting for the result…
        </p>
      )}
      {call.result !== undefined && <ResultBody result={call.result} outputSchema={outputSchema} />}
      {call.error !== undefined && <CallErrorView status={call.status} error={call.error} onRetry={onRetry} />}
      {call.status === "task" && call.taskId !== undefined && <CallTaskNote taskId={call.taskId} onOpenTask={onOpenTask} />}
      {call.status !== "running" && call.status !== "task" && call.result === undefined && call.error === undefined && (
        <p className="text-sm text-muted-foreground">No result or error was recorded for this call.</p>
      )}
    </article>
  );
}
