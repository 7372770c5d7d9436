"use client";

import type { SessionRef } from "@/lib/queries/agents";
import { useAgentRun } from "@/hooks/use-agent-run";
import { QueryError } from "@/components/elements/query-error";
import { Composer } from "@/components/adk/agents/composer";

/**
 * The composer wired to one session: Send starts a run (frames then arrive on the stream),
 * Stop aborts the run in progress. Failures stay inline above the box.
 */
export function SessionComposer({ sessionRef }: { sessionRef: SessionRef }) {
  const { run, abort, current, last } = useAgentRun(sessionRef);
  const failed = last && last.status === "failed" && last.error ? last.error : null;
  return (
    <div className="flex flex-col">
      {run.error && <QueryError className="mx-2 mt-2" title="Could not start the run" error={run.error} />}
      {abort.error && <QueryError className="mx-2 mt-2" title="Could not stop the run" error={abort.error} />}
      {!run.error && failed && (
        <p role="alert" data-testid="run-error" className="mx-2 mt-2 rounded-md border border-destructive/30 bg-destructive/5 p-2 text-xs">
          <span className="font-medium text-destructive">The last run failed: </span>
          {failed.message}
        </p>
      )}
      <Composer
        running={current !== null}
        sending={run.isPending}
        stopping={abort.isPending}
        onSend={(parts, streaming, stateDelta) => run.mutateAsync({ parts, streaming, ...(stateDelta ? { stateDelta } : {}) })}
        onStop={() => current && abort.mutate(current.id)}
      />
    </div>
  );
}
