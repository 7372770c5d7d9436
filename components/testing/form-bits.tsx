import type { ReactNode } from "react";
import type { Assertion, CaseOutcome } from "@/lib/contracts/testing";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Field } from "@/components/elements/field";

/** Small controls the assertion forms share (each bound to one field of the assertion). */

export { CheckField } from "@/components/elements/save-case/check-field";

export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  error?: string;
  placeholder?: string;
  mono?: boolean;
}) {
  const { id, label, value, onChange, hint, error, placeholder, mono } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className={mono ? "font-mono text-xs" : undefined}
        data-testid={id}
      />
    </Field>
  );
}

export function NumberField(props: {
  id: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
  step?: number;
  hint?: string;
}) {
  const { id, label, value, onChange, min, max, step = 1, hint } = props;
  const bad = !(value >= min && value <= max);
  return (
    <Field id={id} label={label} hint={hint} error={bad ? `From ${min} to ${max}` : undefined}>
      <Input
        id={id}
        type="number"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? value : ""}
        onChange={(e) => onChange(e.target.valueAsNumber)}
        data-testid={id}
      />
    </Field>
  );
}

export function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
}) {
  const { id, label, value, options, labels, onChange } = props;
  return (
    <Field id={id} label={label}>
      <NativeSelect id={id} value={value} data-testid={id} onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The JSONPath an assertion reads (empty: `$.result`). */
export function PathField({ id, value, onChange }: { id: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const bad = value !== undefined && !value.startsWith("$");
  return (
    <TextField
      id={id}
      label="Path"
      value={value ?? ""}
      onChange={(v) => onChange(v.trim() ? v : undefined)}
      placeholder="$.result"
      hint="A JSONPath into the outcome ($.result…, $.finalResponse, $.toolCalls[0].args); empty: $.result"
      error={bad ? "A path starts with $" : undefined}
      mono
    />
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

/** One assertion's form: the assertion as it is edited, and the recorded outcome it is previewed against. */
export interface FormProps<A extends Assertion> {
  id: string;
  value: A;
  onChange: (value: A) => void;
  outcome: CaseOutcome;
}
