import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge, type StatusTone } from "@/components/elements/status-badge";
import { cn } from "@/lib/cn";
import type { ToolCallRecord, ToolResultRecord } from "@/lib/protocols/adk/timeline-types";
import type { AdkItemOf, InterruptKind } from "@/lib/protocols/adk/types";
import { formatDuration } from "@/lib/format";
import { JsonView } from "@/components/elements/json-view";
import { SafeText } from "@/components/ui/safe-text";

export type CallState = "open" | "ok" | "error";

const CALL_BADGE: Record<CallState, { label: string; tone: StatusTone }> = {
  open: { label: "open", tone: "running" },
  ok: { label: "done", tone: "ok" },
  error: { label: "error", tone: "failed" },
};

const INTERRUPT_LABEL: Record<InterruptKind, string> = {
  confirmation: "asks for confirmation",
  input: "asks for input",
  credential: "asks for a credential",
  long_running: "long-running",
};

export function callState(record: ToolCallRecord | undefined): CallState {
  const last = record?.results[record.results.length - 1];
  if (!last) return "open";
  return last.isError ? "error" : "ok";
}

function ResultBlock({ result, label }: { result: ToolResultRecord; label: string }) {
  return (
    <div data-testid="tool-call-result" data-state={result.isError ? "error" : "ok"} className="flex flex-col gap-0.5">
      <span className={cn("text-[11px] text-muted-foreground", result.isError && "text-destructive")}>
        {label} · {result.author}
      </span>
      <JsonView value={result.response} className={cn(result.isError && "bg-destructive/10 text-destructive")} />
    </div>
  );
}

export interface ToolCallCardProps {
  call: AdkItemOf<"tool_call">;
  /** The timeline's record for this call id (results, latency); undefined only for odd input. */
  record: ToolCallRecord | undefined;
  /** Rendered right below the call (the inbox's interrupt card), when it paused the agent. */
  interrupt?: ReactNode;
}

/** A function call with its arguments and, however far apart they arrived, its result(s). */
export function ToolCallCard({ call, record, interrupt }: ToolCallCardProps) {
  const state = callState(record);
  const badge = CALL_BADGE[state];
  const results = record?.results ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div
        data-testid="tool-call"
        data-call-id={call.callId}
        data-tool={call.name}
        data-state={state}
        className={cn(
          "flex min-w-0 flex-col gap-1 rounded-md border p-2",
          state === "open" && "border-dashed border-sky-500/60",
          state === "error" && "border-destructive/50",
        )}
      >
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <SafeText text={call.name} className="font-mono font-semibold" />
          <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
          {record?.interruptKind && <Badge variant="warning">{INTERRUPT_LABEL[record.interruptKind]}</Badge>}
          {record?.latencyMs != null && (
            <span data-testid="tool-call-latency" className="text-muted-foreground tabular-nums">
              {formatDuration(record.latencyMs)}
            </span>
          )}
          <span className="ml-auto truncate font-mono text-[10px] text-muted-foreground">{call.callId}</span>
        </div>
        <div data-testid="tool-call-args">
          <JsonView value={call.args} />
        </div>
        {results.map((r, i) => (
          <ResultBlock
            key={`${r.entry}:${i}`}
            result={r}
            label={results.length > 1 ? (i === 0 ? "first result" : `result ${i + 1}`) : "result"}
          />
        ))}
      </div>
      {interrupt !== undefined && interrupt !== null && (
        <div data-testid="interrupt-slot" data-call-id={call.callId}>
          {interrupt}
        </div>
      )}
    </div>
  );
}

export interface ToolResultLineProps {
  item: AdkItemOf<"tool_result">;
  record: ToolCallRecord | undefined;
  /** The entry this result arrived in (latency is measured to the first result). */
  entry: number;
}

/** A result in the event that carried it: which call it answers and how long it took. */
export function ToolResultLine({ item, record, entry }: ToolResultLineProps) {
  const seen = record?.callEntry != null;
  return (
    <div
      data-testid="tool-result"
      data-call-id={item.callId}
      data-state={item.isError ? "error" : "ok"}
      className={cn(
        "flex min-w-0 flex-col gap-1 rounded-md border-l-2 pl-2",
        item.isError ? "border-destructive" : "border-emerald-500/60",
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <span>↳ result of</span>
        <SafeText text={item.name} className="font-mono font-semibold" />
        {item.isError && <Badge variant="destructive">error</Badge>}
        {!seen && <Badge variant="outline">call not in this timeline</Badge>}
        {seen && record?.latencyMs != null && record.results[0]?.entry === entry && (
          <span className="text-muted-foreground tabular-nums">{formatDuration(record.latencyMs)}</span>
        )}
      </div>
      <JsonView value={item.response} className={cn(item.isError && "bg-destructive/10 text-destructive")} />
    </div>
  );
}
