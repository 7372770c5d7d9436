"use client";

import { Badge } from "@/components/ui/badge";
import type { MrtrChain, MrtrLeg, MrtrOutcome } from "@/lib/protocols/mcp/mrtr-rounds";
import { useMrtrLeg, useMrtrSelect } from "./mrtr-context";

const OUTCOME: Record<MrtrOutcome, { label: string; variant: "secondary" | "warning" | "destructive" | "success" }> = {
  input_required: { label: "input required", variant: "warning" },
  complete: { label: "complete", variant: "success" },
  error: { label: "error", variant: "destructive" },
  pending: { label: "no answer yet", variant: "secondary" },
};

/** A requestState is opaque and long: its tail tells two apart, the title shows it whole. */
function StateText({ state }: { state: string }) {
  return (
    <code title={state} className="break-all">
      {state.length > 24 ? `…${state.slice(-20)}` : state}
    </code>
  );
}

function LegItem({ leg, current, onOpen }: { leg: MrtrLeg; current: boolean; onOpen: () => void }) {
  const outcome = OUTCOME[leg.outcome];
  return (
    <li data-testid="mrtr-leg" data-leg={leg.leg} data-outcome={leg.outcome} className="flex flex-col gap-1 rounded border p-2">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="font-mono font-medium underline-offset-2 hover:underline disabled:no-underline"
          disabled={current}
          onClick={onOpen}
        >
          {leg.leg === 1 ? "Request" : `Retry ${leg.leg - 1}`} #{String(leg.id)}
        </button>
        {current && <span className="text-muted-foreground">(this row)</span>}
        <Badge variant={outcome.variant} className="ml-auto">
          {outcome.label}
        </Badge>
      </div>
      {leg.leg > 1 && (
        <p>
          answers round {leg.leg - 1}: inputResponses {leg.answeredKeys.length ? leg.answeredKeys.join(", ") : "none"}
          {leg.echoedState !== undefined && (
            <>
              {" "}
              · requestState <StateText state={leg.echoedState} />
            </>
          )}
          {leg.stateMismatch && <span className="text-destructive"> · not the requestState the server sent</span>}
        </p>
      )}
      {leg.asks.length > 0 && (
        <ul className="flex flex-col gap-0.5" aria-label={`Round ${leg.leg}: what the server asked`}>
          {leg.asks.map((ask) => (
            <li key={ask.key}>
              Round {leg.leg} asks <code>{ask.key}</code>: {ask.method}
              {ask.summary && <span className="text-muted-foreground"> — “{ask.summary}”</span>}
            </li>
          ))}
        </ul>
      )}
      {leg.mintedState !== undefined && (
        <p>
          server requestState <StateText state={leg.mintedState} />
        </p>
      )}
    </li>
  );
}

function Heading({ chain }: { chain: MrtrChain }) {
  const legs = chain.legs.length;
  return (
    <h3 className="font-semibold">
      One {chain.method} <span className="font-mono">{chain.target}</span>: {legs} legs, {chain.rounds} round
      {chain.rounds === 1 ? "" : "s"} of input
    </h3>
  );
}

/**
 * In the traffic detail of a row that is a leg of a multi round-trip request: every leg of the
 * logical request in order — what each input_required result asked and the requestState it
 * minted, what each retry answered and echoed — each leg one click away.
 */
export function MrtrRounds({ rowKey }: { rowKey: string }) {
  const found = useMrtrLeg(rowKey);
  const select = useMrtrSelect();
  if (!found) return null;
  const { chain } = found;
  return (
    <section data-testid="mrtr-rounds" data-chain={chain.key} className="flex flex-col gap-2 rounded-md bg-muted/40 p-2 text-xs">
      <Heading chain={chain} />
      <ol className="flex flex-col gap-1.5">
        {chain.legs.map((leg) => (
          <LegItem key={leg.rowKey} leg={leg} current={leg.rowKey === rowKey} onOpen={() => select(leg.rowKey)} />
        ))}
      </ol>
    </section>
  );
}
