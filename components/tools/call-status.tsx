import type { CallStatus } from "@/lib/contracts/calls";
import { Badge } from "@/components/ui/badge";
import type { badgeVariants } from "@/components/ui/badge";
import type { VariantProps } from "class-variance-authority";

type Variant = VariantProps<typeof badgeVariants>["variant"];

/** A Record, so a new CallStatus without a label is a type error (STYLE rule 7). */
const STATUS: Record<CallStatus, { label: string; variant: Variant }> = {
  running: { label: "running", variant: "info" },
  ok: { label: "ok", variant: "success" },
  tool_error: { label: "tool error", variant: "warning" },
  rpc_error: { label: "RPC error", variant: "destructive" },
  cancelled: { label: "cancelled", variant: "secondary" },
  timeout: { label: "timeout", variant: "destructive" },
  failed: { label: "failed", variant: "destructive" },
};

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const s = STATUS[status];
  return (
    <Badge variant={s.variant} data-status={status} className="px-1 py-0 text-[10px]">
      {s.label}
    </Badge>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1000)} s`;
}
