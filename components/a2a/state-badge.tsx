import { Badge } from "@/components/ui/badge";
import type { A2aTaskState } from "@/lib/contracts/a2a";

type Tone = "default" | "secondary" | "outline" | "destructive" | "success" | "warning" | "info";

/** Every task state has a label and a tone: a new state without one is a type error (STYLE rule 7). */
export const A2A_STATE: Record<A2aTaskState, { label: string; tone: Tone }> = {
  submitted: { label: "submitted", tone: "secondary" },
  working: { label: "working", tone: "info" },
  "input-required": { label: "input required", tone: "warning" },
  "auth-required": { label: "auth required", tone: "warning" },
  completed: { label: "completed", tone: "success" },
  failed: { label: "failed", tone: "destructive" },
  canceled: { label: "canceled", tone: "outline" },
  rejected: { label: "rejected", tone: "destructive" },
  unknown: { label: "unknown", tone: "outline" },
};

export function A2aStateBadge({ state, className }: { state: A2aTaskState; className?: string }) {
  const s = A2A_STATE[state] ?? A2A_STATE.unknown;
  return (
    <Badge variant={s.tone} className={className} data-testid="a2a-state" data-state={state}>
      {s.label}
    </Badge>
  );
}
