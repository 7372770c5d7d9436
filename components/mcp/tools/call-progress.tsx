import type { ProgressUpdate } from "@/lib/protocols/mcp/progress";
import { cn } from "@/lib/cn";

export interface CallProgressProps {
  updates: ProgressUpdate[];
  running: boolean;
  /** The server asked the user something for this call (sampling, elicitation) and waits for the answer. */
  awaitingYou?: boolean;
}

function amount(u: ProgressUpdate): string {
  return u.total !== undefined ? `${u.progress}/${u.total}` : String(u.progress);
}

/**
 * notifications/progress of one call. Only updates that came before Cancel drive the bar;
 * later ones (server-everything keeps sending them, mcp.md §6.5) are listed as "after cancel".
 */
export function CallProgress({ updates, running, awaitingYou = false }: CallProgressProps) {
  const live = updates.filter((u) => !u.afterCancel);
  const late = updates.filter((u) => u.afterCancel);
  const last = live[live.length - 1];
  const pct = last?.total ? Math.min(100, (last.progress / last.total) * 100) : undefined;
  if (!running && updates.length === 0) return null;
  // The call does not move until the user answers: said so, and the bar stops pulsing.
  const paused = running && awaitingYou;
  return (
    <div className="flex flex-col gap-1" data-testid="call-progress" data-state={paused ? "awaiting" : running ? "running" : "ended"}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={last?.total ?? undefined}
        aria-valuenow={last?.progress}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full bg-primary transition-[width]",
            pct === undefined && running && "w-1/3",
            pct === undefined && running && !paused && "animate-pulse",
          )}
          style={pct !== undefined ? { width: `${pct}%` } : undefined}
        />
      </div>
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        {(last || !paused) && (
          <span className="font-mono" data-testid="call-progress-amount">
            {last ? amount(last) : running ? "waiting for progress…" : "no progress reported"}
          </span>
        )}
        {paused ? (
          <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="call-progress-awaiting">
            waiting for your answer below
          </span>
        ) : (
          last?.message && <span className="truncate">{last.message}</span>
        )}
      </div>
      {late.length > 0 && (
        <div className="rounded border border-dashed px-2 py-1 text-xs text-muted-foreground" data-testid="progress-after-cancel">
          <span className="font-medium">after cancel:</span> {late.length} more progress notification
          {late.length > 1 ? "s" : ""}, latest <span className="font-mono">{amount(late[late.length - 1]!)}</span>
          {late[late.length - 1]!.message && ` — ${late[late.length - 1]!.message}`}
        </div>
      )}
    </div>
  );
}
