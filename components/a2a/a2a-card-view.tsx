"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/elements/copy-button";
import { JsonView } from "@/components/elements/json-view";
import type { A2aAgentState } from "@/lib/contracts/a2a";
import { readCard } from "@/components/a2a/card-model";
import { CardFindings } from "@/components/a2a/card-findings";
import { CardSkills } from "@/components/a2a/card-skills";

/** The agent card, read for a person: what it can do, how to reach it, how it authenticates. */
export function A2aCardView({ state }: { state: A2aAgentState }) {
  if (state.card === undefined) {
    return (
      <p className="p-4 text-sm text-muted-foreground" data-testid="a2a-card-missing">
        No agent card yet{state.error ? `: ${state.error}` : "."}
      </p>
    );
  }
  const card = readCard(state.card);
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="a2a-card">
      <CardFindings findings={state.findings ?? []} />
      <Section title="Agent">
        {card.description && <p className="text-sm">{card.description}</p>}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
          <Row label="Version" value={card.version} />
          <Row label="Protocol" value={card.protocolVersion} />
          <Row label="Provider" value={card.provider} />
          <Row label="Docs" value={card.documentationUrl} />
          <Row label="Card URL" value={state.cardUrl} />
          <Row label="Input modes" value={card.inputModes.join(", ")} />
          <Row label="Output modes" value={card.outputModes.join(", ")} />
        </dl>
      </Section>
      <Section title="Capabilities">
        <div className="flex flex-wrap gap-1.5" data-testid="a2a-capabilities">
          {card.capabilities.length === 0 && <span className="text-xs text-muted-foreground">None declared.</span>}
          {card.capabilities.map((c) => (
            <Badge
              key={c.name}
              variant={c.value === false ? "outline" : "secondary"}
              className={c.value === false ? "line-through opacity-70" : undefined}
            >
              {c.name}
              {typeof c.value !== "boolean" && `: ${JSON.stringify(c.value).slice(0, 60)}`}
            </Badge>
          ))}
        </div>
      </Section>
      <Section title={`Skills (${card.skills.length})`}>
        <CardSkills skills={card.skills} />
      </Section>
      <Section title="Interfaces">
        <ul className="flex flex-col gap-1 text-xs" data-testid="a2a-interfaces">
          {card.interfaces.map((i) => (
            <li key={`${i.transport} ${i.url}`} className="flex flex-wrap items-center gap-2">
              <Badge variant={state.transport === i.transport ? "info" : "outline"}>{i.transport}</Badge>
              <span className="font-mono break-all">{i.url}</span>
              {i.protocolVersion && <span className="text-muted-foreground">v{i.protocolVersion}</span>}
              {i.preferred && <span className="text-muted-foreground">preferred</span>}
              {state.transport === i.transport && <span className="text-muted-foreground">in use</span>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Security">
        {card.schemes.length === 0 ? (
          <p className="text-xs text-muted-foreground">No security schemes: the agent accepts anonymous requests.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-xs" data-testid="a2a-schemes">
            {card.schemes.map((s) => (
              <li key={s.name}>
                <span className="font-mono font-medium">{s.name}</span> <Badge variant="outline">{s.type}</Badge>
                {s.description && <span className="ml-2 text-muted-foreground">{s.description}</span>}
              </li>
            ))}
          </ul>
        )}
        {card.security.length > 0 && (
          <p className="text-xs text-muted-foreground">
            Required:{" "}
            {card.security
              .map((r) => r.map((s) => (s.scopes.length ? `${s.scheme} (${s.scopes.join(" ")})` : s.scheme)).join(" + "))
              .join(" or ")}
          </p>
        )}
      </Section>
      <Section title={`Signatures (${card.signatures.length})`}>
        {card.signatures.length === 0 ? (
          <p className="text-xs text-muted-foreground">The card is not signed.</p>
        ) : (
          card.signatures.map((s, i) => <JsonView key={i} value={s} />)
        )}
      </Section>
      <Section title="Raw card" action={<CopyButton getText={() => JSON.stringify(state.card, null, 2)} label="Copy JSON" />}>
        <JsonView value={state.card} data-testid="a2a-card-raw" />
      </Section>
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono break-all">{value}</dd>
    </>
  );
}
