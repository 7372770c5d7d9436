"use client";

import { Input } from "@/components/ui/input";
import type { ConnectionInput, ConnectionView, TransportKind } from "@/lib/contracts/connections";
import type { AppError } from "@/lib/errors";
import { cn } from "@/lib/cn";
import { Field } from "@/components/elements/field";
import { PeerDialog } from "@/components/elements/peer/peer-dialog";
import { PeerNameField } from "@/components/elements/peer/peer-fields";
import { usePeerDraft } from "@/components/elements/peer/use-peer-draft";
import { draftFromView, draftToInput, emptyDraft } from "@/components/mcp/connections/connection-draft";
import { StdioFields } from "@/components/mcp/connections/connection-fields";
import { RemoteFields } from "@/components/mcp/connections/remote-fields";
import { TRANSPORT_LABEL } from "@/components/elements/peer/connection-status";
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
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: () => (initial ? draftFromView(initial) : emptyDraft()),
    check: draftToInput,
    onSubmit,
    onOpenChange,
  });
  return (
    <PeerDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="add-server-dialog"
      className="max-h-[90vh] overflow-y-auto"
      title={initial ? `Edit ${initial.name}` : "Add server"}
      description={initial ? "Saving reconnects the server." : "Loupe connects to the server as soon as it is saved."}
      onSubmit={submit}
      error={error}
      submit={{ testId: "save-server", label: initial ? "Save and reconnect" : "Add and connect", pendingLabel: "Saving…", pending }}
    >
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
      <PeerNameField id="name" value={draft.name} onChange={(name) => patch({ name })} placeholder="my-server" error={errors.name} />
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
    </PeerDialog>
  );
}
