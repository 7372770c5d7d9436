import { LabelChip } from "./label-chip";

export interface SessionLabelFilterProps {
  /** Every label of the listed sessions. */
  labels: readonly string[];
  value: string | null;
  onChange: (label: string | null) => void;
}

/** Chips over the session list: pressing one lists only the sessions with that label. */
export function SessionLabelFilter({ labels, value, onChange }: SessionLabelFilterProps) {
  if (labels.length === 0) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-1"
      role="group"
      aria-label="Filter sessions by label"
      data-testid="session-label-filters"
    >
      {labels.map((l) => (
        <LabelChip key={l} label={l} pressed={value === l} onToggle={() => onChange(value === l ? null : l)} />
      ))}
    </div>
  );
}

/** The labels of a list, each once, sorted (case-insensitively). */
export function labelsOf(sessions: readonly { labels?: string[] }[]): string[] {
  const all = new Set(sessions.flatMap((s) => s.labels ?? []));
  return [...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
}
