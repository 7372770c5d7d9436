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

/** The audit log's filters: person, kind, where (protocol or approvals) and a time range. */
export function AuditFilterBar({ filters, onChange, actors, kinds, sources, sourceLabel }: AuditFilterBarProps) {
  const set = (patch: AuditFilters) => onChange({ ...filters, ...patch });
  const label = "flex flex-col gap-0.5 text-xs text-muted-foreground";
  return (
    <>
      <label className={label}>
        Person
        <NativeSelect
          value={filters.person ?? ""}
          onChange={(e) => set({ person: e.target.value || undefined })}
          data-testid="audit-person"
        >
          <option value="">anyone</option>
          {actors.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={label}>
        Kind
        <NativeSelect value={filters.kind ?? ""} onChange={(e) => set({ kind: e.target.value || undefined })} data-testid="audit-kind">
          <option value="">any</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={label}>
        Where
        <NativeSelect
          value={filters.source ?? ""}
          onChange={(e) => set({ source: e.target.value || undefined })}
          data-testid="audit-source"
        >
          <option value="">everywhere</option>
          {sources.map((s) => (
            <option key={s} value={s}>
              {sourceLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className={label}>
        From
        <Input
          type="datetime-local"
          className="h-8 w-44"
          value={fromMs(filters.from)}
          onChange={(e) => set({ from: toMs(e.target.value) })}
        />
      </label>
      <label className={label}>
        To
        <Input type="datetime-local" className="h-8 w-44" value={fromMs(filters.to)} onChange={(e) => set({ to: toMs(e.target.value) })} />
      </label>
    </>
  );
}
