"use client";

import type { ReactNode } from "react";
import type { AguiOtherItem, AguiRunMarkItem } from "@/lib/protocols/agui/types";
import { JsonView } from "@/components/elements/json-view";
import { isRecord } from "@/lib/values";

/** What a tool call's row embeds when Loupe waits on the user for it (the inline request card). */
export type RenderRequest = (key: { toolCallId?: string; interruptId?: string }) => ReactNode;

interface Interrupt {
  id?: string;
  message?: string;
  reason?: string;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** RUN_FINISHED's `outcome` as far as it has the shape the protocol gives it: its type and interrupts. */
function outcomeOf(v: unknown): { type?: string; interrupts: Interrupt[] } | null {
  if (!isRecord(v)) return null;
  const interrupts = Array.isArray(v.interrupts) ? v.interrupts.filter(isRecord) : [];
  return { type: str(v.type), interrupts: interrupts.map((i) => ({ id: str(i.id), message: str(i.message), reason: str(i.reason) })) };
}

/** RUN_STARTED / RUN_FINISHED / RUN_ERROR: branch, outcome (interrupts with their inline cards), result, usage. */
export function RunMarkBody({ item, renderRequest }: { item: AguiRunMarkItem; renderRequest?: RenderRequest }) {
  const e = item.event;
  const outcome = outcomeOf(e.outcome);
  return (
    <div className="flex flex-col gap-1 text-xs">
      {item.kind === "run_error" && (
        <p className="text-destructive" data-testid="agui-run-error">
          {String(e.message ?? "")}
          {e.code ? ` (${String(e.code)})` : ""}
        </p>
      )}
      {typeof e.parentRunId === "string" && <span className="text-muted-foreground">branched from run {e.parentRunId}</span>}
      {outcome?.type && (
        <span>
          outcome: <span className="font-mono">{outcome.type}</span>
        </span>
      )}
      {outcome?.interrupts.map((i) => (
        <div key={i.id} className="flex flex-col gap-1 rounded border p-1.5" data-testid="agui-interrupt">
          <span>
            <span className="font-semibold">{i.reason ?? "interrupt"}</span> {i.message}
          </span>
          {i.id && renderRequest?.({ interruptId: i.id })}
        </div>
      ))}
      {e.result !== undefined && <JsonView value={e.result} />}
      {Array.isArray(e.usage) && <UsageLine usage={e.usage} />}
    </div>
  );
}

/** One usage entry as a line: model, tokens in / out / total (what is missing reads "?"). */
function usageText(u: unknown): string {
  const t = isRecord(u) ? u : {};
  const total = num(t.totalTokens);
  return `${str(t.model) ?? "usage"}: ${num(t.inputTokens) ?? "?"} in · ${num(t.outputTokens) ?? "?"} out${total !== undefined ? ` · ${total} total` : ""}`;
}

export function UsageLine({ usage }: { usage: unknown[] }) {
  return (
    <span data-testid="agui-usage" className="text-muted-foreground">
      {usage.map(usageText).join("; ")}
    </span>
  );
}

/** RAW, CUSTOM and unknown events, and events after the run's end, as received. */
export const OtherBody = ({ item }: { item: AguiOtherItem }) => (
  <div className="flex flex-col gap-1 text-xs">
    <span className="font-mono">{item.name ?? item.type}</span>
    {item.kind === "after_end" && (
      <span className="text-muted-foreground" data-testid="agui-after-end-note">
        Arrived after the run ended: recorded, not added to the thread&apos;s messages or state.
      </span>
    )}
    <JsonView value={item.kind === "custom" ? item.event.value : item.kind === "raw" ? item.event.event : item.event} />
  </div>
);

/** The frame a run failure names (`details.frame`: e.g. a RUN_FINISHED that did not validate), as received. */
export function RawFrame({ details }: { details: unknown }) {
  const frame = isRecord(details) && typeof details.frame === "string" ? details.frame : null;
  if (frame === null) return null;
  return (
    <details className="mt-1 text-foreground" data-testid="agui-run-failure-frame">
      <summary className="cursor-pointer text-muted-foreground">The frame as received</summary>
      <pre className="mt-1 max-h-40 overflow-auto rounded bg-muted p-1.5 font-mono text-[11px] whitespace-pre-wrap break-all">
        {frame.length > 20_000 ? `${frame.slice(0, 20_000)}…` : frame}
      </pre>
    </details>
  );
}
