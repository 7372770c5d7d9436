"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import type { ClientCapabilitiesConfig, ConnectionView } from "@/lib/contracts/connections";
import type { CapabilityKey, ClientHints } from "@/lib/protocols/mcp/client-hints";
import { capabilitiesOf } from "@/lib/queries/client-settings";
import { declaredWhere } from "./declared-where";

const CAPABILITIES: { key: CapabilityKey; label: string; note: string }[] = [
  {
    key: "sampling",
    label: "Sampling",
    note: "The server may ask for an LLM reply (sampling/createMessage); you write it, or reject, in the inbox.",
  },
  {
    key: "elicitationForm",
    label: "Elicitation: form",
    note: "The server may ask you to fill in a form (elicitation/create); schema defaults are applied to fields you leave out.",
  },
  {
    key: "elicitationUrl",
    label: "Elicitation: URL",
    note: "The server may send you to a URL (sign-in, payment) and wait until you confirm.",
  },
  {
    key: "roots",
    label: "Roots",
    note: "The server may ask which directories it may work in (roots/list); edits are announced live.",
  },
  {
    key: "tasks",
    label: "Tasks",
    note: "The server may ask for sampling / elicitation as a task and poll for the answer (tasks/get, tasks/result).",
  },
];

function same(a: ClientCapabilitiesConfig, b: ClientCapabilitiesConfig): boolean {
  return CAPABILITIES.every(({ key }) => a[key] === b[key]);
}

export interface CapabilitiesFormProps {
  connection: ConnectionView;
  /** What Loupe knows about this server, per capability (clientHints). */
  hints: ClientHints;
  /** Saves the choice and reconnects (capabilities are fixed for a session, or for a connection's client on 2026-07-28). */
  onSave: (choice: ClientCapabilitiesConfig) => void;
  saving: boolean;
  error: Error | null;
}

/** What Loupe declares for this connection (in initialize, or with each request on 2026-07-28); saving reconnects. */
export function CapabilitiesForm({ connection, hints, onSave, saving, error }: CapabilitiesFormProps) {
  const saved = capabilitiesOf(connection);
  const [draft, setDraft] = useState<ClientCapabilitiesConfig>(saved);
  const dirty = !same(draft, saved);
  const declared = connection.state.status === "connected";
  const where = declaredWhere(connection);
  return (
    <section className="flex flex-col gap-3" data-testid="client-capabilities">
      <div>
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Client capabilities</h3>
        <p className="mt-1 text-xs text-muted-foreground">
          {where.intro} A server may offer different tools for different capabilities; a change takes a reconnect.
        </p>
        {hints.server && (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="client-server-hint">
            <span className="font-mono">{hints.server}</span> declares{" "}
            {hints.declared.length ? <span className="font-mono">{hints.declared.join(", ")}</span> : "no capabilities"}.
          </p>
        )}
      </div>
      <ul className="flex flex-col gap-2.5">
        {CAPABILITIES.map(({ key, label, note }) => (
          <li key={key} className="flex items-start gap-2.5">
            <Checkbox
              id={`cap-${key}`}
              className="mt-0.5"
              checked={draft[key]}
              data-testid={`capability-${key}`}
              onCheckedChange={(checked) => setDraft({ ...draft, [key]: checked === true })}
            />
            <label htmlFor={`cap-${key}`} className="flex flex-col gap-0.5 text-sm">
              <span className="font-medium">{label}</span>
              <span className="text-xs text-muted-foreground">{note}</span>
              <span className="text-xs text-muted-foreground/80" data-testid={`capability-hint-${key}`}>
                {hints.capability[key]}
                {hints.everything && ` server-everything ${hints.everything.capability[key]}.`}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {hints.tools && (
        <p className="text-xs text-muted-foreground" data-testid="capability-tools-now">
          {hints.tools}
        </p>
      )}
      {hints.everything && (
        <p className="text-xs text-muted-foreground" data-testid="capability-tool-hint">
          With this choice server-everything registers {hints.everything.toolCount(draft)} tools (13 with none, 17 with sampling,
          elicitation and roots, 19 with tasks too).
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={!dirty || saving} onClick={() => onSave(draft)} data-testid="save-capabilities">
          {saving ? "Reconnecting…" : "Save and reconnect"}
        </Button>
        {dirty && (
          <Button size="sm" variant="ghost" disabled={saving} onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
        )}
        {!dirty && declared && <span className="text-xs text-muted-foreground">{where.current}</span>}
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive" data-testid="capabilities-error">
          Could not save: {error.message}
        </p>
      )}
    </section>
  );
}
