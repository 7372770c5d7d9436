"use client";

import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useAguiActions } from "@/hooks/use-agui";
import { useInbox } from "@/hooks/use-inbox";
import { aguiAgentsQuery, aguiThreadsQuery } from "@/lib/queries/agui";
import { plural } from "@/lib/format";
import { AGUI_UNCHECKED } from "@/lib/workbench/agui";
import { QueryError } from "@/components/elements/query-error";
import { PeerHeader } from "@/components/elements/peer/peer-header";
import { AguiAgentDialog } from "./agui-agent-dialog";
import { ThreadList, waitingThreadsOf } from "./thread-list";
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
  const inbox = useInbox();
  const waitingThreads = useMemo(() => waitingThreadsOf(inbox.data, location.peerId ?? ""), [inbox.data, location.peerId]);
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
      <PeerHeader
        name={agent.name}
        url={agent.url}
        state={agent.state}
        detail={plural(agent.tools.length, "default front-end tool")}
        builtin={agent.builtin}
        editTestId="agui-edit"
        onEdit={() => {
          actions.update.reset();
          setEditing(true);
        }}
        unchecked={AGUI_UNCHECKED}
        down={{ testId: "agui-agent-down", noun: "agent", after: "Recorded threads stay readable; a run will fail until it is back." }}
      />
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
              waitingThreads={waitingThreads}
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
