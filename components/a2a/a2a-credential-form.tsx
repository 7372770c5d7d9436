"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { BusyButton } from "@/components/elements/busy-button";
import type { A2aAnswerBody } from "@/lib/contracts/a2a";

export interface A2aCredentialFormProps {
  id: string;
  /** The security schemes the agent's card declares, offered as suggestions. */
  schemes?: readonly string[];
  busy: boolean;
  retry: boolean;
  onAnswer: (body: A2aAnswerBody) => void;
}

/**
 * auth-required: a credential (password field; Loupe masks it in every recording and view and
 * never shows it again) and, optionally, which security scheme it is for.
 */
export function A2aCredentialForm({ id, schemes = [], busy, retry, onAnswer }: A2aCredentialFormProps) {
  const [credential, setCredential] = useState("");
  const [scheme, setScheme] = useState("");
  const submit = () => {
    if (!credential) return;
    onAnswer({ kind: "credential", credential, scheme: scheme.trim() || undefined });
    // Not kept in the form either: a retry asks for it again.
    setCredential("");
  };
  return (
    <form
      className="flex flex-col gap-2"
      data-testid="a2a-credential-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`a2a-${id}-credential`} className="text-xs">
          Credential
        </Label>
        <Input
          id={`a2a-${id}-credential`}
          type="password"
          autoComplete="off"
          data-testid="a2a-credential"
          value={credential}
          disabled={busy}
          onChange={(e) => setCredential(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`a2a-${id}-scheme`} className="text-xs">
          Scheme (optional, e.g. bearer or the card&apos;s scheme name)
        </Label>
        <Input
          id={`a2a-${id}-scheme`}
          list={`a2a-${id}-schemes`}
          className="font-mono text-xs"
          data-testid="a2a-scheme"
          value={scheme}
          disabled={busy}
          onChange={(e) => setScheme(e.target.value)}
        />
        <datalist id={`a2a-${id}-schemes`}>
          {schemes.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <BusyButton type="submit" className="w-fit" data-testid="a2a-submit" busy={busy} disabled={!credential}>
        {retry ? "Retry" : "Send credential"}
      </BusyButton>
    </form>
  );
}
