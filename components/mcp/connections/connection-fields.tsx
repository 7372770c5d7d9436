import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ConnectionDraft, DraftField } from "@/components/mcp/connections/connection-draft";
import { KeyValueRows } from "@/components/mcp/connections/key-value-rows";

export interface FieldsProps {
  draft: ConnectionDraft;
  errors: Partial<Record<DraftField, string>>;
  onChange: (patch: Partial<ConnectionDraft>) => void;
}

/** One labelled form row with its error under it. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
      {hint && !error && <p className="text-[11px] text-muted-foreground">{hint}</p>}
      {error && (
        <p className="text-[11px] text-destructive" role="alert" data-testid={`field-error-${id}`}>
          {error}
        </p>
      )}
    </div>
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
