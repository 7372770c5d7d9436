import type { CallStatus } from "@/lib/contracts/calls";
import { Badge } from "@/components/ui/badge";
import type { badgeVariants } from "@/components/ui/badge";
import type { VariantProps } from "class-variance-authority";
import { callStatusMeta, type StatusTone } from "@/lib/tool-result/status";

type Variant = VariantProps<typeof badgeVariants>["variant"];

const TONE_VARIANT: Record<StatusTone, Variant> = {
  neutral: "secondary",
  info: "info",
  success: "success",
  warning: "warning",
  danger: "destructive",
};

/** The status of a call in lists; labels come from the one CallStatus map. */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  const s = callStatusMeta(status);
  return (
    <Badge variant={TONE_VARIANT[s.tone]} data-status={status} className="px-1 py-0 text-[10px]">
      {s.label}
    </Badge>
  );
}
