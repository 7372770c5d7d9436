import { Badge } from "@/components/ui/badge";
import type { Severity, Verdict } from "@/lib/schema/portability";

type Variant = "destructive" | "warning" | "info" | "secondary" | "success";

const SEVERITY: Record<Severity, { label: string; variant: Variant }> = {
  rejected: { label: "rejected", variant: "destructive" },
  shape_changed: { label: "shape changed", variant: "warning" },
  constraint_lost: { label: "constraint lost", variant: "info" },
  lossless: { label: "lossless", variant: "secondary" },
};

const VERDICT: Record<Verdict, { label: string; variant: Variant }> = {
  as_is: { label: "portable as is", variant: "success" },
  degraded: { label: "degraded", variant: "warning" },
  rejected: { label: "rejected", variant: "destructive" },
};

/** A badge naming how much a finding costs. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const s = SEVERITY[severity];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

/** A badge with a tool's verdict for one provider. */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const v = VERDICT[verdict];
  return (
    <Badge variant={v.variant} data-testid="portability-verdict" data-verdict={verdict}>
      {v.label}
    </Badge>
  );
}
