import type { LgHumanRequest, LgThreadDetail } from "@/lib/contracts/langgraph";
import { JsonView } from "@/components/elements/json-view";
import { ReadOnlyJson } from "@/components/elements/json-text-field";
import { LgRequestCard } from "./lg-request-card";

export interface LgStatePanelProps {
  thread: LgThreadDetail;
  /** Loupe's requests for the thread's interrupts (the inbox's rows of this thread). */
  requests: readonly LgHumanRequest[];
}

/** The thread's current values, and its pending interrupts, each answerable here when Loupe holds its request. */
export function LgStatePanel({ thread, requests }: LgStatePanelProps) {
  const open = requests.filter((r) => r.status === "pending" || r.status === "failed");
  const orphan = thread.interrupts.filter((i) => !requests.some((r) => r.interruptId === i.id));
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-3" data-testid="lg-state-panel">
      {(open.length > 0 || orphan.length > 0) && (
        <section className="flex flex-col gap-2" aria-label="Pending interrupts" data-testid="lg-pending-interrupts">
          <h3 className="text-xs font-semibold">Pending interrupts</h3>
          {open.map((r) => (
            <LgRequestCard key={r.id} row={r} compact />
          ))}
          {orphan.map((i) => (
            <div key={i.id} className="rounded-md border p-2" data-testid="lg-orphan-interrupt">
              <p className="mb-1 text-xs text-muted-foreground">
                Interrupt <code className="font-mono">{i.id}</code> (task {i.taskId}): Loupe holds no request for it yet — the
                deployment&apos;s next poll brings it to the inbox.
              </p>
              <ReadOnlyJson label="Value" value={i.value} collapsed />
            </div>
          ))}
        </section>
      )}
      <section className="flex flex-col gap-1" aria-label="Values">
        <h3 className="text-xs font-semibold">Values (the latest checkpoint)</h3>
        <JsonView value={thread.values} className="rounded-md border bg-muted/30 p-2 text-xs" data-testid="lg-thread-values" />
      </section>
    </div>
  );
}
