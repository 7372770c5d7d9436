import { Input } from "@/components/ui/input";
import { Field } from "@/components/elements/field";
import type { ConnectionDraft, DraftField } from "@/components/mcp/connections/connection-draft";
import { KeyValueRows } from "@/components/elements/key-value-rows";

export interface FieldsProps {
  draft: ConnectionDraft;
  errors: Partial<Record<DraftField, string>>;
  onChange: (patch: Partial<ConnectionDraft>) => void;
}

/** The draft's fields that hold plain text. */
type TextField = { [K in DraftField]: ConnectionDraft[K] extends string ? K : never }[DraftField];

export interface DraftTextFieldProps extends FieldsProps {
  field: TextField;
  label: string;
  hint?: string;
  placeholder?: string;
  /** A secret: typed as a password (stored on the Loupe server, shown masked). */
  secret?: boolean;
}

/** One labelled text input bound to one field of the draft, with its error. */
export function DraftTextField({ field, label, hint, placeholder, secret, draft, errors, onChange }: DraftTextFieldProps) {
  return (
    <Field id={field} label={label} hint={hint} error={errors[field]}>
      <Input
        id={field}
        type={secret ? "password" : undefined}
        className="font-mono text-xs"
        value={draft[field]}
        onChange={(e) => onChange({ [field]: e.target.value })}
        placeholder={placeholder}
        autoComplete="off"
      />
    </Field>
  );
}

export function StdioFields({ draft, errors, onChange }: FieldsProps) {
  return (
    <>
      <Field id="command" label="Command" hint="e.g. npx, node, uv — a whole pasted command line is split for you" error={errors.command}>
        <Input
          id="command"
          className="font-mono text-xs"
          value={draft.command}
          onChange={(e) => onChange({ command: e.target.value })}
          placeholder="npx"
        />
      </Field>
      <Field id="args" label="Arguments" hint={`Split like a shell: quote words that contain spaces ("my dir")`} error={errors.args}>
        <Input
          id="args"
          className="font-mono text-xs"
          value={draft.args}
          onChange={(e) => onChange({ args: e.target.value })}
          placeholder="-y @modelcontextprotocol/server-everything"
        />
      </Field>
      <Field id="cwd" label="Working directory (optional)" error={errors.cwd}>
        <Input id="cwd" className="font-mono text-xs" value={draft.cwd} onChange={(e) => onChange({ cwd: e.target.value })} />
      </Field>
      <Field id="env" label="Environment" hint="Values are stored on the Loupe server and shown masked" error={errors.env}>
        <KeyValueRows label="env" rows={draft.env} onChange={(env) => onChange({ env })} keyPlaceholder="API_KEY" />
      </Field>
    </>
  );
}
