import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/elements/field";
import type { HeaderRow } from "./header-draft";
import { HeaderRows } from "./header-rows";

export interface PeerTextFieldProps {
  /** The input's id (each protocol keeps its own: the label and `field-error-<id>` use it). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}

/** The peer's name, focused when the dialog opens. */
export function PeerNameField({ id, value, onChange, error, hint, placeholder }: PeerTextFieldProps) {
  return (
    <Field id={id} label="Name" hint={hint} error={error}>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} autoFocus />
    </Field>
  );
}

/** A monospace text field: the peer's URL, or any other address-like value. */
export function PeerMonoField({ id, label, value, onChange, error, hint, placeholder }: PeerTextFieldProps & { label: string }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} className="font-mono text-xs" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export interface PeerHeadersFieldProps {
  label: string;
  /** A line under the label (how the values are kept). */
  note?: ReactNode;
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error?: string;
}

/** The headers sent to the peer on every request, as secret name/value rows. */
export function PeerHeadersField({ label, note, rows, onChange, error }: PeerHeadersFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium">{label}</span>
      {note && <span className="text-[11px] text-muted-foreground">{note}</span>}
      <HeaderRows rows={rows} onChange={onChange} />
      {error && (
        <p role="alert" className="text-[11px] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
