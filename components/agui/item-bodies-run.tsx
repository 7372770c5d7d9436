"use client";

import type { AguiOtherItem, AguiRunMarkItem } from "@/lib/protocols/agui/types";
import { JsonView } from "@/components/elements/json-view";
import type { RenderRequest } from "./item-bodies";

/** RUN_STARTED / RUN_FINISHED / RUN_ERROR: branch, outcome (interrupts with their inline cards), result, usage. */
export function RunMarkBody({ item, renderRequest }: { item: AguiRunMarkItem; renderRequest?: RenderRequest }) {
  const e = item.event;
  const outcome = e.outcome as { type?: string; interrupts?: Array<{ id?: string; message?: string; reason?: string }> } | undefined;
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
      {outcome?.interrupts?.map((i) => (
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

export function UsageLine({ usage }: { usage: unknown[] }) {
  return (
    <span data-testid="agui-usage" className="text-muted-foreground">
      {usage
        .map((u) => {
          const t = u as { model?: string; inputTokens?: number; outputTokens?: number; totalTokens?: number };
          return `${t.model ?? "usage"}: ${t.inputTokens ?? "?"} in · ${t.outputTokens ?? "?"} out${t.totalTokens !== undefined ? ` · ${t.totalTokens} total` : ""}`;
        })
        .join("; ")}
    </span>
  );
}

/** RAW, CUSTOM and unknown events, as received. */
export const OtherBody = ({ item }: { item: AguiOtherItem }) => (
  <div className="flex flex-col gap-1 text-xs">
    <span className="font-mono">{item.name ?? item.type}</span>
    <JsonView value={item.kind === "custom" ? item.event.value : item.kind === "raw" ? item.event.event : item.event} />
  </div>
);
