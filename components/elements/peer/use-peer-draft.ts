"use client";

import { useState } from "react";

/** A draft checked for saving: the input to send, or one message per field. */
export type DraftCheck<Input, Errors> = { ok: true; input: Input } | { ok: false; errors: Errors };

export interface PeerDraftOptions<Draft, Input, Errors> {
  /** The draft the dialog opens with (the saved peer's, or an empty one). */
  initial: () => Draft;
  check: (draft: Draft) => DraftCheck<Input, Errors>;
  /** Resolves when saved: the dialog closes. A rejection is shown by the caller; the draft stays. */
  onSubmit: (input: Input) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}

/** The state of a peer dialog's form: the draft as typed, its field errors, and the submit that checks and saves it. */
export function usePeerDraft<Draft extends object, Input, Errors extends object>({
  initial,
  check,
  onSubmit,
  onOpenChange,
}: PeerDraftOptions<Draft, Input, Errors>) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const submit = () => {
    const result = check(draft);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.input).then(
      () => onOpenChange(false),
      () => undefined, // shown through the dialog's `error`; the draft stays so nothing typed is lost
    );
  };
  return { draft, patch, errors, submit };
}
