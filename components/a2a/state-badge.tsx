import { StatusBadge } from "@/components/elements/status-badge";
import type { StatusTone } from "@/components/elements/status-badge";
import type { A2aTaskState } from "@/lib/contracts/a2a";

/** Every task state has a label and a tone: a new state without one is a type error (STYLE rule 7). */
export const A2A_STATE: Record<A2aTaskState, { label: string; tone: StatusTone }> = {
  submitted: { label: "submitted", tone: "pending" },
  working: { label: "working", tone: "running" },
  "input-required": { label: "input required", tone: "warning" },
  "auth-required": { label: "auth required", tone: "warning" },
  completed: { label: "completed", tone: "ok" },
  failed: { label: "failed", tone: "failed" },
  canceled: { label: "canceled", tone: "canceled" },
  rejected: { label: "rejected", tone: "failed" },
  unknown: { label: "unknown", tone: "info" },
};

export function A2aStateBadge({ state, className }: { state: A2aTaskState; className?: string }) {
  const s = A2A_STATE[state] ?? A2A_STATE.unknown;
  return (
    <StatusBadge tone={s.tone} className={className} data-testid="a2a-state" data-state={state}>
      {s.label}
    </StatusBadge>
  );
}
