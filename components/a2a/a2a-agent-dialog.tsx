"use client";

import { NativeSelect } from "@/components/ui/native-select";
import type { A2aAgentInput, A2aAgentView } from "@/lib/contracts/a2a";
import type { AppError } from "@/lib/errors";
import { Field } from "@/components/elements/field";
import { PeerDialog } from "@/components/elements/peer/peer-dialog";
import { PeerHeadersField, PeerMonoField, PeerNameField } from "@/components/elements/peer/peer-fields";
import { usePeerDraft } from "@/components/elements/peer/use-peer-draft";
import { a2aDraftOf, a2aDraftToInput } from "./a2a-agent-draft";

export interface A2aAgentDialogProps {
  onOpenChange: (open: boolean) => void;
  /** Present when editing: the transport choice then lists what its card offers. */
  initial?: A2aAgentView;
  onSubmit: (input: A2aAgentInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

/** Add or edit an A2A agent. Mount with a `key` per target so the draft starts fresh. */
export function A2aAgentDialog({ onOpenChange, initial, onSubmit, pending, error }: A2aAgentDialogProps) {
  const { draft, patch, errors, submit } = usePeerDraft({
    initial: () => a2aDraftOf(initial),
    check: a2aDraftToInput,
    onSubmit,
    onOpenChange,
  });
  const offered = initial?.state.transports ?? [];
  return (
    <PeerDialog
      onOpenChange={onOpenChange}
      testId="a2a-agent-dialog"
      title={initial ? `Edit ${initial.name}` : "Add A2A agent"}
      description="Loupe fetches its agent card (or /.well-known/agent-card.json under a base URL) and validates it."
      onSubmit={submit}
      error={error}
      submit={{ testId: "save-a2a-agent", label: initial ? "Save" : "Add A2A agent", pendingLabel: "Fetching card…", pending }}
    >
      <PeerNameField id="a2a-name" value={draft.name} onChange={(name) => patch({ name })} placeholder="travel-agent" error={errors.name} />
      <PeerMonoField
        id="a2a-url"
        label="URL"
        hint="Agent card URL or base URL"
        value={draft.url}
        placeholder="http://127.0.0.1:9999"
        onChange={(url) => patch({ url })}
        error={errors.url}
      />
      <Field
        id="a2a-transport"
        label="Transport"
        hint={offered.length ? "What the card offers" : "The card's preferred one until it is fetched"}
      >
        <NativeSelect
          id="a2a-transport"
          data-testid="a2a-transport"
          value={draft.transport}
          onChange={(e) => patch({ transport: offered.find((t) => t === e.target.value) ?? "" })}
        >
          <option value="">Card&apos;s preferred</option>
          {offered.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <PeerHeadersField
        label="Headers (sent on every request, masked once saved)"
        rows={draft.headers}
        onChange={(headers) => patch({ headers })}
        error={errors.headers}
      />
    </PeerDialog>
  );
}
