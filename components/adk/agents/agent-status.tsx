import type { AgentServerState } from "@/lib/contracts/agents";
import { cn } from "@/lib/cn";

type AgentStatus = AgentServerState["status"];

/** Records, so a new status without a label or colour is a type error (STYLE rule 7). */
export const AGENT_STATUS_LABEL: Record<AgentStatus, string> = {
  unknown: "Not checked",
  starting: "Starting…",
  ok: "Reachable",
  error: "Unreachable",
};

const DOT: Record<AgentStatus, string> = {
  unknown: "bg-neutral-300 dark:bg-neutral-600",
  starting: "animate-pulse bg-amber-400",
  ok: "bg-emerald-500",
  error: "bg-red-500",
};

/** A coloured dot with its label; the label stays visible so colour is never the only signal. */
export function AgentStatusDot({ status, showLabel = true }: { status: AgentStatus; showLabel?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-status={status}>
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", DOT[status])} />
      {showLabel && <span>{AGENT_STATUS_LABEL[status]}</span>}
    </span>
  );
}
