import type { A2aTaskSummary } from "@/lib/contracts/a2a";
import { cn } from "@/lib/cn";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { A2aStateBadge } from "@/components/a2a/state-badge";
import { formatClock } from "@/lib/format";

export interface A2aTaskListProps {
  tasks: readonly A2aTaskSummary[];
  selectedTaskId: string | null;
  onSelect: (task: A2aTaskSummary) => void;
}

/** Tasks grouped by contextId (one conversation each), newest context and task first. */
export function groupByContext(tasks: readonly A2aTaskSummary[]): Array<{ contextId: string; tasks: A2aTaskSummary[] }> {
  const groups = new Map<string, A2aTaskSummary[]>();
  for (const t of [...tasks].sort((a, b) => b.updatedAt - a.updatedAt)) {
    const list = groups.get(t.contextId);
    if (list) list.push(t);
    else groups.set(t.contextId, [t]);
  }
  return [...groups].map(([contextId, list]) => ({ contextId, tasks: list }));
}

export function A2aTaskList({ tasks, selectedTaskId, onSelect }: A2aTaskListProps) {
  if (tasks.length === 0)
    return (
      <p className="p-3 text-sm text-muted-foreground" data-testid="a2a-tasks-empty">
        No tasks yet — send a message.
      </p>
    );
  return (
    <div className="flex flex-col gap-2 p-1.5" data-testid="a2a-task-list">
      {groupByContext(tasks).map((g) => (
        <section key={g.contextId} data-testid="a2a-context" data-context-id={g.contextId}>
          <h4 className="truncate px-2 py-1 font-mono text-[11px] text-muted-foreground" title={g.contextId}>
            context {g.contextId}
          </h4>
          <ul className="flex flex-col">
            {g.tasks.map((t) => (
              <li key={t.taskId}>
                <button
                  type="button"
                  data-testid="a2a-task-row"
                  data-task-id={t.taskId}
                  aria-current={t.taskId === selectedTaskId ? "true" : undefined}
                  onClick={() => onSelect(t)}
                  className={cn(
                    "flex w-full flex-col gap-0.5 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
                    sidebarItemState(t.taskId === selectedTaskId),
                  )}
                >
                  <span className="flex items-center gap-1.5">
                    <A2aStateBadge state={t.state} />
                    {t.streaming && <span className="text-[10px] text-sky-600">live</span>}
                    {t.push && <span className="text-[10px] text-muted-foreground">push {t.push.received}</span>}
                    <span className="ml-auto text-[11px] text-muted-foreground">{formatClock(t.updatedAt)}</span>
                  </span>
                  <span className="truncate font-mono text-[11px]">{t.taskId}</span>
                  {t.statusText && <span className="line-clamp-2 text-xs text-muted-foreground">{t.statusText}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
