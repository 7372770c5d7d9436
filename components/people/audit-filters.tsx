"use client";

import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { AuditFilters } from "@/lib/queries/people";

export interface AuditFilterBarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The people and service tokens the log names. */
  actors: readonly string[];
  kinds: readonly string[];
  sources: readonly string[];
  sourceLabel: (source: string) => string;
}

/** A datetime-local value (local time) as ms, or undefined when empty. */
function toMs(value: string): number | undefined {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

function fromMs(ms: number | undefined): string {
  if (ms === undefined) return "";
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

const LABEL = "flex flex-col gap-0.5 text-xs text-muted-foreground";

interface FilterSelectProps {
  label: string;
  /** The first choice's words: no filter. */
  any: string;
  value: string | undefined;
  options: readonly string[];
  show?: (option: string) => string;
  onChange: (value: string | undefined) => void;
}

function FilterSelect({ label, any, value, options, show = (o) => o, onChange }: FilterSelectProps) {
  return (
    <label className={LABEL}>
      {label}
      <NativeSelect
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || undefined)}
        data-testid={`audit-${label.toLowerCase()}`}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {show(o)}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/** The audit log's filters: person, kind, where (protocol or approvals) and a time range. */
export function AuditFilterBar({ filters, onChange, actors, kinds, sources, sourceLabel }: AuditFilterBarProps) {
  const set = (patch: AuditFilters) => onChange({ ...filters, ...patch });
  return (
    <>
      <FilterSelect label="Person" any="anyone" value={filters.person} options={actors} onChange={(person) => set({ person })} />
      <FilterSelect label="Kind" any="any" value={filters.kind} options={kinds} onChange={(kind) => set({ kind })} />
      <FilterSelect
        label="Where"
        any="everywhere"
        value={filters.source}
        options={sources}
        show={sourceLabel}
        onChange={(source) => set({ source })}
      />
      <label className={LABEL}>
        From
        <Input
          type="datetime-local"
          className="h-8 w-44"
          value={fromMs(filters.from)}
          onChange={(e) => set({ from: toMs(e.target.value) })}
        />
      </label>
      <label className={LABEL}>
        To
        <Input type="datetime-local" className="h-8 w-44" value={fromMs(filters.to)} onChange={(e) => set({ to: toMs(e.target.value) })} />
      </label>
    </>
  );
}
