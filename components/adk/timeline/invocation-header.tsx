import { Badge } from "@/components/ui/badge";
import type { InvocationSummary } from "@/lib/protocols/adk/timeline-types";
import { formatDuration, formatTokens, plural } from "@/lib/format";
import { formatEventTime } from "./format";

export interface InvocationHeaderProps {
  invocation: InvocationSummary | undefined;
  invocationId: string;
}

/** One run of the agent (`invocationId`): who took part, how many events, how long, how many tokens. */
export function InvocationHeader({ invocation, invocationId }: InvocationHeaderProps) {
  const inv = invocation;
  const duration = inv && inv.firstTime !== null && inv.lastTime !== null ? inv.lastTime - inv.firstTime : null;
  return (
    <div
      data-testid="timeline-invocation"
      data-invocation={invocationId}
      data-state={inv?.hasError ? "error" : "ok"}
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 border-b bg-muted/60 px-3 py-1 text-xs"
    >
      <span className="font-semibold">Invocation</span>
      <span className="max-w-40 truncate font-mono text-[11px] text-muted-foreground" title={invocationId}>
        {invocationId}
      </span>
      {inv && <span data-testid="invocation-authors">{inv.authors.join(" → ")}</span>}
      {inv && (
        <span data-testid="invocation-events" className="text-muted-foreground">
          {plural(inv.entries.length, "event")}
        </span>
      )}
      {inv && <span className="text-muted-foreground tabular-nums">{formatEventTime(inv.firstTime)}</span>}
      {duration !== null && (
        <span data-testid="invocation-duration" className="text-muted-foreground tabular-nums">
          {formatDuration(duration)}
        </span>
      )}
      {inv && inv.usage.calls > 0 && (
        <span data-testid="invocation-tokens" className="text-muted-foreground tabular-nums">
          {formatTokens(inv.usage.total)} tokens ({formatTokens(inv.usage.prompt)} in · {formatTokens(inv.usage.candidates)} out)
        </span>
      )}
      {inv?.hasError && <Badge variant="destructive">error</Badge>}
    </div>
  );
}
