"use client";

import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { a2aTasksQuery } from "@/lib/queries/a2a";
import { QueryError } from "@/components/elements/query-error";
import { A2aTaskList } from "@/components/a2a/a2a-task-list";
import { A2aTaskPane } from "@/components/a2a/a2a-task-pane";

export interface A2aTasksProps {
  agent: A2aAgentView;
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** Contexts and their tasks on the left, the open task's timeline on the right. */
export function A2aTasks({ agent, location, navigate }: A2aTasksProps) {
  const tasks = useQuery(a2aTasksQuery(agent.id));
  return (
    <div className="flex min-h-0 flex-1 border-t" data-testid="a2a-tasks">
      <div className="flex w-52 shrink-0 flex-col overflow-auto border-r lg:w-72">
        {tasks.isError ? (
          <QueryError className="m-2" title="Could not load the tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : tasks.isPending ? (
          <p className="p-3 text-xs text-muted-foreground">Loading tasks…</p>
        ) : (
          <A2aTaskList
            tasks={tasks.data}
            selectedTaskId={location.item}
            onSelect={(t) => navigate({ thread: t.contextId, item: t.taskId })}
          />
        )}
      </div>
      {location.item ? (
        <A2aTaskPane key={location.item} agent={agent} taskId={location.item} />
      ) : (
        <p className="m-auto text-sm text-muted-foreground">Pick a task.</p>
      )}
    </div>
  );
}
