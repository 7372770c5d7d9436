"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { A2aAgentInput } from "@/lib/contracts/a2a";
import type { A2aAgentView, A2aTransport } from "@/lib/contracts/a2a";
import type { AppError } from "@/lib/errors";
import { Field } from "@/components/elements/field";
import { HeaderRows } from "@/components/elements/peer/header-rows";
import { headerRowsOf, headersFromRows, type HeaderRow } from "@/components/elements/peer/header-draft";

export interface A2aAgentDialogProps {
  onOpenChange: (open: boolean) => void;
  /** Present when editing: the transport choice then lists what its card offers. */
  initial?: A2aAgentView;
  onSubmit: (input: A2aAgentInput) => Promise<unknown>;
  pending: boolean;
  error: AppError | null;
}

type Errors = Partial<Record<"name" | "url" | "headers", string>>;

/** Add or edit an A2A agent. Mount with a `key` per target so the draft starts fresh. */
export function A2aAgentDialog({ onOpenChange, initial, onSubmit, pending, error }: A2aAgentDialogProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [headers, setHeaders] = useState<HeaderRow[]>(() => headerRowsOf(initial?.headers));
  const [transport, setTransport] = useState<A2aTransport | "">(initial?.transport ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const offered = initial?.state.transports ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { headers: h, error: headersError } = headersFromRows(headers);
    if (headersError) return setErrors({ headers: headersError });
    const parsed = A2aAgentInput.safeParse({ name, url: url.trim(), headers: h, transport: transport || undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "name") next.name = "Give it a name";
        if (field === "url") next.url = "An absolute URL: the agent card's, or the agent's base URL";
      }
      return setErrors(next);
    }
    setErrors({});
    onSubmit(parsed.data).then(
      () => onOpenChange(false),
      () => undefined, // shown through `error`; nothing typed is lost
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="a2a-agent-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{initial ? `Edit ${initial.name}` : "Add A2A agent"}</DialogTitle>
          <DialogDescription>
            Loupe fetches its agent card (or /.well-known/agent-card.json under a base URL) and validates it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Field id="a2a-name" label="Name" error={errors.name}>
            <Input id="a2a-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="travel-agent" autoFocus />
          </Field>
          <Field id="a2a-url" label="URL" hint="Agent card URL or base URL" error={errors.url}>
            <Input
              id="a2a-url"
              className="font-mono text-xs"
              value={url}
              placeholder="http://127.0.0.1:9999"
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field>
          <Field
            id="a2a-transport"
            label="Transport"
            hint={offered.length ? "What the card offers" : "The card's preferred one until it is fetched"}
          >
            <NativeSelect
              id="a2a-transport"
              data-testid="a2a-transport"
              value={transport}
              onChange={(e) => setTransport(e.target.value as A2aTransport | "")}
            >
              <option value="">Card&apos;s preferred</option>
              {offered.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium">Headers (sent on every request, masked once saved)</span>
            <HeaderRows rows={headers} onChange={setHeaders} />
            {errors.headers && (
              <p role="alert" className="text-[11px] text-destructive">
                {errors.headers}
              </p>
            )}
          </div>
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1.5 text-xs text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="save-a2a-agent">
              {pending ? "Fetching card…" : initial ? "Save" : "Add A2A agent"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
