"use client";

import { useEffect, useRef } from "react";
import type { FocusEvent, ReactNode } from "react";
import type { PgModelToolCall, PgToolCall, PgToolCallStatus } from "@/lib/contracts/playground";
import { StatusBadge } from "@/components/elements/status-badge";
import { SafeText } from "@/components/ui/safe-text";
import { JsonView } from "@/components/elements/json-view";
import { formatDuration } from "@/lib/format";
import { ResultBody } from "@/components/elements/tool-result/result-body";
import { TOOL_CALL_STATUS } from "@/components/playground/labels";
import { PgToolApp } from "@/components/playground/pg-tool-app";
import { cn } from "@/lib/cn";
import { RerunCallButton } from "@/components/elements/tool-result/rerun-context";

export interface PgToolCallCardProps {
  call: PgToolCall;
  /** What the model wrote for this call, when its response is known: shown raw when it was not JSON. */
  modelCall?: PgModelToolCall;
  /** The server it went to, by name. */
  serverName?: string;
  /** The approval card, while the call waits at the gate. */
  approval?: ReactNode;
}

const KNOWN = new Set<string>(Object.keys(TOOL_CALL_STATUS));
const FAILED: ReadonlySet<PgToolCallStatus> = new Set(["tool_error", "rejected", "failed", "unknown_tool", "invalid_arguments"]);

/** One tool call of a step: who it went to, its status, arguments, latency and result. */
export function PgToolCallCard({ call, modelCall, serverName, approval }: PgToolCallCardProps) {
  const status = KNOWN.has(call.status) ? call.status : null;
  const badge = status ? TOOL_CALL_STATUS[status] : { label: String(call.status), tone: "info" as const };
  const renamed = call.tool !== null && call.tool !== call.calledAs;
  const focusAfterGate = useFocusAfterGate(call.status === "awaiting_approval");
  return (
    <div
      {...focusAfterGate}
      tabIndex={-1}
      data-testid="pg-tool-call"
      data-tool={call.calledAs}
      data-state={call.status}
      data-call-id={call.toolCallId}
      className={cn(
        "flex min-w-0 flex-col gap-1.5 rounded-md border p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring",
        status === "running" && "border-dashed border-sky-500/60",
        status === "awaiting_approval" && "border-amber-500/60",
        status && FAILED.has(status) && "border-destructive/50",
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <SafeText text={call.calledAs} className="font-mono font-semibold" />
        <StatusBadge tone={badge.tone} data-testid="pg-tool-call-status">
          {badge.label}
        </StatusBadge>
        {(renamed || serverName) && (
          <span className="text-muted-foreground" data-testid="pg-tool-call-target">
            → {serverName ?? call.connectionId}/{call.tool}
          </span>
        )}
        {call.latencyMs != null && (
          <span data-testid="pg-tool-call-latency" className="text-muted-foreground tabular-nums">
            {formatDuration(call.latencyMs)}
          </span>
        )}
        <span className="ml-auto truncate font-mono text-[10px] text-muted-foreground">{call.toolCallId}</span>
        {/* Only a call that reached its server has a CallRecord to re-run from. */}
        <RerunCallButton
          target={{ connectionId: call.connectionId ?? undefined, tool: call.tool ?? undefined, callId: call.callId }}
          testId="pg-rerun"
        />
      </div>
      {call.status === "invalid_arguments" && modelCall ? (
        <div data-testid="pg-tool-call-raw-input" className="flex flex-col gap-0.5">
          <span className="text-[11px] text-destructive">
            The model wrote arguments that are not a JSON object{modelCall.parseError ? `: ${modelCall.parseError}` : ""}
          </span>
          <pre className="max-h-48 overflow-auto rounded bg-destructive/10 p-1.5 font-mono text-[11px] break-all whitespace-pre-wrap">
            {modelCall.input}
          </pre>
        </div>
      ) : (
        <div data-testid="pg-tool-call-args">
          <JsonView value={call.arguments} />
        </div>
      )}
      {call.error && (
        <p data-testid="pg-tool-call-error" className="text-xs text-destructive">
          {call.error}
        </p>
      )}
      {approval && <div data-testid="pg-approval-slot">{approval}</div>}
      {call.result !== undefined && <CallResult result={call.result} />}
      <PgToolApp call={call} />
    </div>
  );
}

/** The result as the model receives it: a CallToolResult rendered as in Tools, or the words it got instead. */
function CallResult({ result }: { result: unknown }) {
  return (
    <div data-testid="pg-tool-call-result" className="flex min-w-0 flex-col gap-1 border-t pt-1.5">
      <span className="text-[11px] text-muted-foreground">result</span>
      {typeof result === "string" ? <p className="text-sm whitespace-pre-wrap">{result}</p> : <ResultBody result={result} />}
    </div>
  );
}

/**
 * The inline approval card leaves with the gate, taking the focused Approve/Reject button with it:
 * keep keyboard focus on this call instead of letting it fall to the page — only when it was inside.
 */
function useFocusAfterGate(gated: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (!gated && inside.current && (!active || active === document.body)) ref.current?.focus({ preventScroll: true });
  }, [gated]);
  return {
    ref,
    onFocus: () => void (inside.current = true),
    onBlur: (e: FocusEvent) => void (inside.current = e.currentTarget.contains(e.relatedTarget)),
  };
}
