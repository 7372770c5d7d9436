"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PencilIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useAguiActions } from "@/hooks/use-agui";
import { aguiAgentsQuery, aguiThreadsQuery } from "@/lib/queries/agui";
import { plural } from "@/lib/format";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { PeerStatusDot } from "@/components/elements/peer/peer-status";
import { AguiAgentDialog } from "./agui-agent-dialog";
import { ThreadList } from "./thread-list";
import { ThreadPane } from "./thread-pane";

export interface AguiMainProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** ?view=agui: the open AG-UI agent — its threads, the open thread's runs, and the run form. */
export function AguiMain({ location, navigate }: AguiMainProps) {
  const agents = useQuery(aguiAgentsQuery());
  const agent = agents.data?.find((a) => a.id === location.peerId) ?? null;
  const threads = useQuery({ ...aguiThreadsQuery(location.peerId ?? ""), enabled: agent !== null });
  const actions = useAguiActions();
  const [editing, setEditing] = useState(false);

  if (agents.isError)
    return <QueryError className="m-4" title="Could not load AG-UI agents" error={agents.error} onRetry={() => void agents.refetch()} />;
  if (agents.isPending) return <p className="p-4 text-sm text-muted-foreground">Loading AG-UI agents…</p>;
  if (!location.peerId || !agent) {
    return (
      <div className="m-auto max-w-md p-6 text-center text-sm text-muted-foreground" data-testid="agui-no-agent">
        {location.peerId
          ? `No AG-UI agent “${location.peerId}”: it was removed, or the link is from another Loupe.`
          : "Pick an AG-UI agent in the sidebar, or add one by the URL of its run endpoint."}
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="agui-main" data-agent-id={agent.id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2">
        <h1 className="text-base font-semibold">{agent.name}</h1>
        <PeerStatusDot status={agent.state.status} />
        <code className="truncate font-mono text-xs text-muted-foreground" title={agent.url}>
          {agent.url}
        </code>
        <span className="text-xs text-muted-foreground">
          {plural(agent.tools.length, "default front-end tool")}
          {agent.builtin ? " · built in" : ""}
        </span>
        <Button
          size="xs"
          variant="outline"
          className="ml-auto"
          data-testid="agui-edit"
          onClick={() => {
            actions.update.reset();
            setEditing(true);
          }}
        >
          <PencilIcon /> Edit
        </Button>
      </header>
      {agent.state.status === "error" && (
        <p role="alert" data-testid="agui-agent-down" className="border-b bg-destructive/5 px-4 py-1.5 text-xs text-destructive">
          The agent is not reachable{agent.state.error ? `: ${agent.state.error}` : "."} Recorded threads stay readable; a run will fail
          until it is back.
        </p>
      )}
      <div className="flex min-h-0 flex-1">
        <nav aria-label="Threads" className="w-60 shrink-0 overflow-y-auto border-r bg-muted/20 max-lg:w-40">
          {threads.isError ? (
            <QueryError className="m-2" title="Could not load threads" error={threads.error} onRetry={() => void threads.refetch()} />
          ) : threads.isPending ? (
            <p className="p-3 text-xs text-muted-foreground">Loading threads…</p>
          ) : (
            <ThreadList
              threads={threads.data}
              selectedId={location.thread}
              onSelect={(thread) => navigate({ view: "agui", peerId: agent.id, thread, item: null })}
            />
          )}
        </nav>
        <ThreadPane
          key={`${agent.id}:${location.thread ?? ""}`}
          agent={agent}
          threadId={location.thread}
          runId={location.item}
          navigate={navigate}
          actions={actions}
        />
      </div>
      {editing && (
        <AguiAgentDialog
          initial={agent}
          onOpenChange={(o) => !o && setEditing(false)}
          onSubmit={(input) => actions.update.mutateAsync({ id: agent.id, input })}
          pending={actions.update.isPending}
          error={actions.update.error}
        />
      )}
    </div>
  );
}
