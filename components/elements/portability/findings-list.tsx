import type { Finding } from "@/lib/schema/portability";
import { SeverityBadge } from "@/components/elements/portability/severity";

export interface FindingsListProps {
  /** Already sorted worst first by the library. */
  findings: Finding[];
}

/** Each keyword a provider drops or rewrites: where, why, how serious, and on what basis. */
export function FindingsList({ findings }: FindingsListProps) {
  if (findings.length === 0) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="portability-no-findings">
        Sent unchanged: nothing dropped or rewritten.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-md border" data-testid="portability-findings">
      {findings.map((f, i) => (
        <li
          key={`${f.path} ${f.keyword} ${i}`}
          className="flex flex-col gap-1 px-2 py-1.5 text-xs"
          data-testid="portability-finding"
          data-severity={f.severity}
          data-path={f.path}
          data-keyword={f.keyword}
        >
          <div className="flex flex-wrap items-center gap-1.5">
            <SeverityBadge severity={f.severity} />
            <code className="font-mono">{f.keyword}</code>
            <span className="text-muted-foreground">{f.action}</span>
            <code className="font-mono text-muted-foreground">{f.path}</code>
            <span className="ml-auto text-[10px] text-muted-foreground" title="Where the rule comes from">
              {f.source ? (
                <a href={f.source} target="_blank" rel="noreferrer" className="underline">
                  {f.basis}
                </a>
              ) : (
                f.basis
              )}
            </span>
          </div>
          <p>{f.reason}</p>
        </li>
      ))}
    </ul>
  );
}
