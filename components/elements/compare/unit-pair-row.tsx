"use client";

import type * as React from "react";
import { cn } from "@/lib/cn";
import type { Aspect, PairStatus, RunUnit, UnitPair } from "@/lib/protocols/run-compare";
import { formatDuration, formatTokens, NO_VALUE } from "@/lib/format";
import { SafeText } from "@/components/ui/safe-text";
import { AnswerLines } from "./answer-lines";
import { CallPairView } from "./call-pair-view";
import { ChangeList } from "./change-list";
import { PAIR_TONE, SideCell } from "./side-cell";

/** ADK state scopes shared beyond one session (adk.md §4). */
const SHARED_SCOPE = /^(user|app):/;

const STATUS_LABEL: Record<PairStatus, string> = { same: "same", different: "differs", only_a: "only in A", only_b: "only in B" };

const ASPECT_LABEL: Record<Aspect, string> = {
  user: "user message",
  calls: "tool calls",
  args: "arguments",
  results: "results",
  answer: "answer",
  agents: "agents",
  transfers: "transfers",
  state: "state",
  errors: "errors",
};

function Facts({ unit, side }: { unit: RunUnit; side: "a" | "b" }) {
  return (
    <div className="flex flex-wrap gap-x-2 text-[10px] text-muted-foreground" data-testid={`facts-${side}`}>
      <span className="font-semibold uppercase">{side}</span>
      <span>{unit.tokens === null ? NO_VALUE : formatTokens(unit.tokens)} tokens</span>
      <span>{formatDuration(unit.durationMs)}</span>
      {unit.agents.length > 0 && (
        <span>
          by <SafeText text={unit.agents.join(", ")} />
        </span>
      )}
      {unit.transfers.length > 0 && (
        <span>
          → <SafeText text={unit.transfers.join(", ")} />
        </span>
      )}
      {unit.errors.map((e, i) => (
        <span key={i} className="text-destructive">
          {e}
        </span>
      ))}
    </div>
  );
}

export interface UnitPairRowProps {
  pair: UnitPair;
  /** "Invocation" (ADK) or "Turn" (playground). */
  unitLabel: string;
}

/** One aligned invocation / turn: what was asked, the tool calls, the final answer, A beside B. */
export function UnitPairRow({ pair, unitLabel }: UnitPairRowProps) {
  const { a, b } = pair;
  const cell = (unit: RunUnit | null, side: "a" | "b", render: (u: RunUnit) => React.ReactNode) =>
    unit ? <SideCell side={side}>{render(unit)}</SideCell> : <SideCell side={side} empty={`No ${unitLabel.toLowerCase()} here`} />;
  return (
    <section
      data-testid="compare-row"
      data-status={pair.status}
      aria-label={`${unitLabel} ${pair.index + 1}`}
      className="flex flex-col gap-1.5 border-b px-3 py-2"
    >
      <header className="flex flex-wrap items-center gap-1.5 text-xs">
        <span className="font-semibold">
          {unitLabel} {pair.index + 1}
        </span>
        <span data-testid="row-status" className={cn("rounded px-1 text-[10px]", PAIR_TONE[pair.status])}>
          {STATUS_LABEL[pair.status]}
        </span>
        {pair.differs.map((d) => (
          <span key={d} data-testid="row-differs" className="rounded border px-1 text-[10px] text-muted-foreground">
            {ASPECT_LABEL[d]}
          </span>
        ))}
      </header>
      <div className="grid grid-cols-1 gap-1 @2xl:grid-cols-2" data-testid="row-user">
        {cell(a, "a", (u) => (
          <p className={cn("text-xs whitespace-pre-wrap", pair.differs.includes("user") && "font-medium")}>{u.userText || "—"}</p>
        ))}
        {cell(b, "b", (u) => (
          <p className={cn("text-xs whitespace-pre-wrap", pair.differs.includes("user") && "font-medium")}>{u.userText || "—"}</p>
        ))}
      </div>
      {pair.calls.length > 0 && (
        <ul className="flex flex-col gap-1.5" aria-label="Tool calls">
          {pair.calls.map((c, i) => (
            <CallPairView key={i} pair={c} />
          ))}
        </ul>
      )}
      <div className="grid grid-cols-1 gap-1 @2xl:grid-cols-2" data-testid="row-answer">
        {cell(a, "a", () => (
          <AnswerLines ops={pair.answer} side="a" />
        ))}
        {cell(b, "b", () => (
          <AnswerLines ops={pair.answer} side="b" />
        ))}
      </div>
      {pair.state && !pair.state.equal && (
        <div data-testid="state-diff">
          <p className="text-[10px] font-medium text-muted-foreground">State delta</p>
          <ChangeList diff={pair.state} />
          {pair.state.changes.some((c) => SHARED_SCOPE.test(String(c.path[0]))) && (
            <p data-testid="shared-scope-note" className="mt-0.5 text-[10px] text-muted-foreground">
              user: and app: keys are shared by every session of the user or app: two runs by the same user may count them up.
            </p>
          )}
        </div>
      )}
      <div className="grid grid-cols-1 gap-1 @2xl:grid-cols-2">
        <div>{a && <Facts unit={a} side="a" />}</div>
        <div>{b && <Facts unit={b} side="b" />}</div>
      </div>
    </section>
  );
}
