import type { LgThreadDetail } from "@/lib/contracts/langgraph";
import { plural } from "@/lib/format";
import { CopyButton } from "@/components/elements/copy-button";
import { LgThreadStatusBadge } from "./thread-status";

export interface LgThreadHeaderProps {
  thread: LgThreadDetail;
  /** The thread's assistant, by name when it is listed. */
  assistantName: string | null;
  /** How many of the thread's interrupts Loupe has a pending request for. */
  pendingRequests: number;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/** What the server says of a thread: status, assistant, times, and whose runs made it. */
export function LgThreadHeader({ thread, assistantName, pendingRequests }: LgThreadHeaderProps) {
  const assistant = assistantName ?? thread.assistantId ?? thread.graphId;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="lg-thread-header" data-status={thread.status}>
      <LgThreadStatusBadge status={thread.status} />
      <span className="flex items-center gap-1 font-mono" title={thread.threadId}>
        {thread.threadId}
        <CopyButton getText={() => thread.threadId} ariaLabel="Copy thread id" variant="ghost" />
      </span>
      {assistant && (
        <span className="text-muted-foreground">
          assistant <span className="font-medium text-foreground">{assistant}</span>
        </span>
      )}
      <span className="text-muted-foreground">
        created {when(thread.createdAt)} · updated {when(thread.updatedAt)}
      </span>
      <span className="text-muted-foreground" data-testid="lg-thread-origin">
        {thread.loupeRuns > 0 ? `${plural(thread.loupeRuns, "run")} by Loupe` : "started elsewhere (no run by Loupe)"}
      </span>
      {thread.interruptCount > 0 && (
        <span className="text-amber-700 dark:text-amber-400" data-testid="lg-thread-interrupts">
          {plural(thread.interruptCount, "pending interrupt")}
          {pendingRequests < thread.interruptCount ? ` (${pendingRequests} in the inbox)` : ""}
        </span>
      )}
    </div>
  );
}
