"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { ConnectionInput, ConnectionView, TransportKind } from "@/lib/contracts/connections";
import type { AppError } from "@/lib/errors";
import { cn } from "@/lib/cn";
import { draftFromView, draftToInput, emptyDraft } from "@/components/mcp/connections/connection-draft";
import type { ConnectionDraft, DraftField } from "@/components/mcp/connections/connection-draft";
import { Field } from "@/components/elements/field";
import { RemoteFields, StdioFields } from "@/components/mcp/connections/connection-fields";
import { TRANSPORT_LABEL } from "@/components/mcp/connections/connection-status";
import { ProtocolEraField } from "@/components/mcp/connections/protocol-era-field";

export interface ConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present when editing; absent when adding a server. */
  initial?: ConnectionView;
  onSubmit: (input: ConnectionInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

const TRANSPORTS: TransportKind[] = ["stdio", "http", "sse"];

/** Add or edit a server. Mount it with a `key` per target so the draft starts fresh. */
export function ConnectionDialog({ open, onOpenChange, initial, onSubmit, pending, error }: ConnectionDialogProps) {
  const [draft, setDraft] = useState<ConnectionDraft>(() => (initial ? draftFromView(initial) : emptyDraft()));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const patch = (p: Partial<ConnectionDraft>) => setDraft((d) => ({ ...d, ...p }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = draftToInput(draft);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.input).then(
      () => onOpenChange(false),
      () => undefined, // shown through `error`; the draft stays so nothing typed is lost
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-server-dialog" className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{initial ? `Edit ${initial.name}` : "Add server"}</DialogTitle>
          <DialogDescription>
            {initial ? "Saving reconnects the server." : "Loupe connects to the server as soon as it is saved."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div role="radiogroup" aria-label="Transport" className="inline-flex w-fit rounded-md border p-0.5">
            {TRANSPORTS.map((t) => (
              <button
                key={t}
                type="button"
                role="radio"
                aria-checked={draft.transport === t}
                data-testid={`transport-${t}`}
                onClick={() => patch({ transport: t })}
                className={cn(
                  "rounded px-2.5 py-1 text-xs font-medium text-muted-foreground",
                  draft.transport === t && "bg-accent text-foreground",
                )}
              >
                {TRANSPORT_LABEL[t]}
              </button>
            ))}
          </div>
          <Field id="name" label="Name" error={errors.name}>
            <Input id="name" value={draft.name} onChange={(e) => patch({ name: e.target.value })} placeholder="my-server" autoFocus />
          </Field>
          {draft.transport === "stdio" ? (
            <StdioFields draft={draft} errors={errors} onChange={patch} />
          ) : (
            <RemoteFields draft={draft} errors={errors} onChange={patch} />
          )}
          <Field
            id="requestTimeoutMs"
            label="Request timeout (ms)"
            hint="Default for every call; each call can override it"
            error={errors.requestTimeoutMs}
          >
            <Input
              id="requestTimeoutMs"
              type="number"
              min={100}
              className="w-40 font-mono text-xs"
              value={draft.requestTimeoutMs}
              onChange={(e) => patch({ requestTimeoutMs: e.target.value })}
            />
          </Field>
          <ProtocolEraField value={draft.protocolEra} onChange={(protocolEra) => patch({ protocolEra })} />
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1.5 text-xs text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="save-server">
              {pending ? "Saving…" : initial ? "Save and reconnect" : "Add and connect"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
