"use client";

import type { CallRecord } from "@/lib/contracts/calls";
import { JsonView } from "@/components/elements/json-view";
import { CallStatusBadge } from "@/components/elements/tool-result/call-status";
import { formatClockMs, formatDuration, plural } from "@/lib/format";

/** A snapshot call that has what the list shows; anything else is listed raw rather than dropped. */
function isCall(value: unknown): value is CallRecord {
  const c = value as Partial<CallRecord> | null;
  return typeof c?.id === "string" && typeof c.tool === "string" && typeof c.status === "string" && typeof c.startedAt === "number";
}

/**
 * The tool calls made through Loupe in an imported traffic bundle (`snapshot.calls`), oldest
 * first: tool, outcome, when, how long, the arguments and the result. Read-only: no re-run here.
 */
export function RecordedCalls({ calls }: { calls: readonly unknown[] }) {
  if (calls.length === 0) {
    return (
      <p className="p-3 text-xs text-muted-foreground" data-testid="recorded-calls-empty">
        No tool calls made through Loupe in this traffic.
      </p>
    );
  }
  return (
    <section className="flex flex-col gap-1 p-3" data-testid="recorded-calls" aria-label="Recorded tool calls">
      <h3 className="text-xs font-semibold text-muted-foreground uppercase">{plural(calls.length, "tool call")}</h3>
      <ul className="flex flex-col divide-y rounded-md border">
        {calls.map((call, i) =>
          isCall(call) ? (
            <li
              key={call.id}
              data-testid="recorded-call"
              data-status={call.status}
              className="flex min-w-0 flex-col gap-1 px-2 py-1.5 text-xs"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-medium">{call.tool}</span>
                <CallStatusBadge status={call.status} />
                <span className="text-muted-foreground tabular-nums">{formatClockMs(call.startedAt)}</span>
                {call.endedAt !== null && (
                  <span className="text-muted-foreground tabular-nums">{formatDuration(call.endedAt - call.startedAt)}</span>
                )}
              </div>
              <JsonView value={call.args} />
              <details>
                <summary className="cursor-pointer text-muted-foreground">{call.error ? "Error" : "Result"}</summary>
                <JsonView value={call.error ?? call.result ?? null} />
              </details>
            </li>
          ) : (
            <li key={`raw-${i}`} data-testid="recorded-call" className="px-2 py-1.5">
              <JsonView value={call} />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
