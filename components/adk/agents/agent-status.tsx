import type { AgentServerState } from "@/lib/contracts/agents";
import { cn } from "@/lib/cn";
import { TONE_DOT_CLASS, type StatusTone } from "@/components/elements/status-badge";

type AgentStatus = AgentServerState["status"];

/** Records, so a new status without a label or colour is a type error (STYLE rule 7). */
export const AGENT_STATUS_LABEL: Record<AgentStatus, string> = {
  unknown: "Not checked",
  starting: "Starting…",
  ok: "Reachable",
  error: "Unreachable",
};

const TONE: Record<AgentStatus, StatusTone> = {
  unknown: "canceled",
  starting: "running",
  ok: "ok",
  error: "failed",
};

/** A coloured dot with its label; the label stays visible so colour is never the only signal. */
export function AgentStatusDot({ status, showLabel = true }: { status: AgentStatus; showLabel?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-status={status}>
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", TONE_DOT_CLASS[TONE[status]])} />
      {showLabel && <span>{AGENT_STATUS_LABEL[status]}</span>}
    </span>
  );
}
