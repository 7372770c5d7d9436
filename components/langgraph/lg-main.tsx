"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { useLgActions } from "@/hooks/use-langgraph";
import { lgAssistantsQuery, lgDeploymentsQuery } from "@/lib/queries/langgraph";
import { PeerHeader } from "@/components/elements/peer/peer-header";
import { QueryError } from "@/components/elements/query-error";
import { LgAssistants } from "./lg-assistants";
import { LgDeploymentDialog } from "./lg-deployment-dialog";
import { LgRunComposer } from "./lg-run-composer";
import { LgThreadList } from "./lg-thread-list";
import { LgThreadView } from "./lg-thread-view";

/** ?view=langgraph: the open deployment — its threads, the open thread (or its assistants and their graphs), and the run composer. */
export function LgMain({ location, navigate }: WorkbenchPaneProps) {
  const deployments = useQuery(lgDeploymentsQuery());
  const deployment = deployments.data?.find((d) => d.id === location.peerId) ?? null;
  const assistants = useQuery({ ...lgAssistantsQuery(location.peerId ?? ""), enabled: deployment !== null });
  const actions = useLgActions();
  const [editing, setEditing] = useState(false);

  if (deployments.isError)
    return (
      <QueryError
        className="m-4"
        title="Could not load LangGraph deployments"
        error={deployments.error}
        onRetry={() => void deployments.refetch()}
      />
    );
  if (deployments.isPending) return <p className="p-4 text-sm text-muted-foreground">Loading LangGraph deployments…</p>;
  if (!location.peerId || !deployment) {
    return (
      <div className="m-auto max-w-md p-6 text-center text-sm text-muted-foreground" data-testid="lg-no-deployment">
        {location.peerId
          ? `No LangGraph deployment “${location.peerId}”: it was removed, or the link is from another Loupe.`
          : "Pick a LangGraph deployment in the sidebar, or add one by its API's URL."}
      </div>
    );
  }
  const go = (patch: { thread: string | null; item?: string | null }) =>
    navigate({ view: "langgraph", peerId: deployment.id, item: null, ...patch });

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="lg-main" data-deployment-id={deployment.id}>
      <PeerHeader
        name={deployment.name}
        url={deployment.url}
        state={deployment.state}
        detail={deployment.pollSeconds ? `polls every ${deployment.pollSeconds} s` : "no polling"}
        builtin={deployment.builtin}
        editTestId="lg-edit-deployment"
        onEdit={() => {
          actions.update.reset();
          setEditing(true);
        }}
        down={{ testId: "lg-deployment-down", noun: "deployment", after: "Loupe's records stay readable." }}
      />
      {assistants.isError && (
        <QueryError
          className="m-2"
          title="Could not list the assistants"
          error={assistants.error}
          onRetry={() => void assistants.refetch()}
        />
      )}
      <div className="flex min-h-0 flex-1">
        <nav aria-label="Threads" className="flex w-64 shrink-0 flex-col border-r bg-muted/20 max-lg:w-44">
          <LgThreadList deploymentId={deployment.id} selectedId={location.thread} onSelect={(thread) => go({ thread })} actions={actions} />
        </nav>
        {location.thread ? (
          <LgThreadView
            key={location.thread}
            deploymentId={deployment.id}
            assistants={assistants.data ?? []}
            threadId={location.thread}
            actions={actions}
            navigate={navigate}
          />
        ) : (
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            <LgAssistants
              deploymentId={deployment.id}
              assistants={assistants.data ?? []}
              selectedId={location.item}
              onSelect={(item) => go({ thread: null, item })}
            />
            <LgRunComposer
              key="new"
              deploymentId={deployment.id}
              assistants={assistants.data ?? []}
              assistantId={location.item ?? undefined}
              threadId={null}
              runningRunId={null}
              actions={actions}
              onStarted={(s) => go({ thread: s.threadId, item: s.runId })}
            />
          </div>
        )}
      </div>
      {editing && (
        <LgDeploymentDialog
          initial={deployment}
          onOpenChange={(o) => !o && setEditing(false)}
          onSubmit={(input) => actions.update.mutateAsync({ id: deployment.id, input })}
          pending={actions.update.isPending}
          error={actions.update.error}
        />
      )}
    </div>
  );
}
