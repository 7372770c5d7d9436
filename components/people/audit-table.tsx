import type { AuditEvent, AuditKind } from "@/lib/contracts/people";
import { Badge } from "@/components/ui/badge";

const KIND_LABEL: Record<AuditKind, string> = {
  raised: "raised",
  answered: "answered",
  failed: "answer failed",
  approved: "approved",
  edited: "approved, edited",
  rejected: "rejected",
};

export interface AuditTableProps {
  events: readonly AuditEvent[];
  /** Each source's name in words (a protocol's label, "Approvals"). */
  sourceLabel: (source: string) => string;
}

/** One page of the audit log, newest first: when, what, who, which request. */
export function AuditTable({ events, sourceLabel }: AuditTableProps) {
  if (events.length === 0)
    return (
      <p className="p-4 text-sm text-muted-foreground" data-testid="audit-empty">
        Nothing recorded matches these filters.
      </p>
    );
  return (
    <table className="w-full text-left text-xs" data-testid="audit-table">
      <thead className="sticky top-0 bg-background text-muted-foreground">
        <tr className="border-b">
          <th className="px-3 py-1.5 font-medium">When</th>
          <th className="px-3 py-1.5 font-medium">What</th>
          <th className="px-3 py-1.5 font-medium">Who</th>
          <th className="px-3 py-1.5 font-medium">Where</th>
          <th className="px-3 py-1.5 font-medium">Request</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.id} className="border-b align-top" data-testid="audit-row" data-kind={e.kind}>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{new Date(e.at).toLocaleString()}</td>
            <td className="px-3 py-1.5">
              <Badge variant={e.kind === "rejected" || e.kind === "failed" ? "destructive" : e.kind === "raised" ? "outline" : "secondary"}>
                {KIND_LABEL[e.kind]}
              </Badge>
              {e.detail && <span className="ml-1 text-muted-foreground">{e.detail}</span>}
            </td>
            <td className="px-3 py-1.5" data-testid="audit-actor">
              {e.actor}
              {e.role && <span className="ml-1 text-muted-foreground">({e.role})</span>}
            </td>
            <td className="px-3 py-1.5">{sourceLabel(e.source)}</td>
            <td className="px-3 py-1.5 font-mono break-all text-muted-foreground">{e.requestId}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
