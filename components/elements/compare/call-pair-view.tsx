"use client";

import { cn } from "@/lib/cn";
import type { CallPair, PairStatus, RunCall } from "@/lib/protocols/run-compare";
import { plural } from "@/lib/format";
import { SafeText } from "@/components/ui/safe-text";
import { ChangeList } from "./change-list";
import { PAIR_TONE, SideCell } from "./side-cell";

const CALL_LABEL: Record<PairStatus, string> = { same: "same", different: "differs", only_a: "only in A", only_b: "only in B" };

function CallCell({ call, side, status }: { call: RunCall | null; side: "a" | "b"; status: PairStatus }) {
  if (!call) return <SideCell side={side} empty="no call here" />;
  const args = JSON.stringify(call.args);
  return (
    <SideCell side={side} className={cn(status.startsWith("only") && PAIR_TONE[status])}>
      <div className="flex min-w-0 items-baseline gap-1.5 font-mono text-xs">
        <SafeText text={call.name} className="font-semibold" />
        <span className="min-w-0 truncate text-muted-foreground" title={args}>
          {args}
        </span>
      </div>
      <div className="text-[10px] text-muted-foreground">
        {call.result === undefined ? "no result" : call.isError ? <span className="text-destructive">error result</span> : "result"}
      </div>
    </SideCell>
  );
}

export interface CallPairViewProps {
  pair: CallPair;
}

/** One aligned tool call: A's and B's side by side, the arguments' differences shown, the result's behind a fold. */
export function CallPairView({ pair }: CallPairViewProps) {
  const resultChanges = pair.result && !pair.result.equal ? pair.result.changes.filter((c) => c.kind !== "same").length : 0;
  const flip = pair.a && pair.b && (pair.a.isError !== pair.b.isError || (pair.a.result === undefined) !== (pair.b.result === undefined));
  return (
    <li data-testid="call-pair" data-status={pair.status} data-name={pair.a?.name ?? pair.b?.name} className="flex flex-col gap-1">
      <div className="flex items-center gap-1 text-[10px] text-muted-foreground">
        <span className={cn("rounded px-1", PAIR_TONE[pair.status])}>{CALL_LABEL[pair.status]}</span>
      </div>
      <div className="grid grid-cols-1 gap-1 @2xl:grid-cols-2">
        <CallCell call={pair.a} side="a" status={pair.status} />
        <CallCell call={pair.b} side="b" status={pair.status} />
      </div>
      {pair.args && !pair.args.equal && (
        <div data-testid="args-diff">
          <p className="text-[10px] font-medium text-muted-foreground">Arguments</p>
          <ChangeList diff={pair.args} data-testid="args-changes" />
        </div>
      )}
      {pair.result && (resultChanges > 0 || flip) && (
        <details data-testid="result-diff" className="text-xs">
          <summary className="cursor-pointer text-[10px] font-medium text-muted-foreground">
            Result differs{resultChanges > 0 && ` (${plural(resultChanges, "change")})`}
            {flip && " · error / no-result flips"}
          </summary>
          <ChangeList diff={pair.result} className="mt-1" data-testid="result-changes" />
        </details>
      )}
    </li>
  );
}
