"use client";

import { useQuery } from "@tanstack/react-query";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { lgAssistantsQuery, lgThreadsQuery } from "@/lib/queries/langgraph";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";
import { LgThreadStatusBadge } from "./thread-status";

/** How many of the newest threads the sidebar lists (the main view lists and searches them all). */
const SIDEBAR_THREADS = 8;

export interface LgNavTreeProps extends WorkbenchPaneProps {
  deploymentId: string;
}

const rowClass = (open: boolean) =>
  cn(
    "flex w-full items-center gap-1.5 rounded-md px-2 py-1 text-left text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
    sidebarItemState(open),
  );

/** Under the open deployment: its assistants (one per graph) and its newest threads. */
export function LgNavTree({ deploymentId, location, navigate }: LgNavTreeProps) {
  const assistants = useQuery(lgAssistantsQuery(deploymentId));
  const threads = useQuery(lgThreadsQuery(deploymentId));
  const newest = [...(threads.data ?? [])].sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? "")).slice(0, SIDEBAR_THREADS);
  return (
    <div className="ml-3 flex flex-col gap-1 border-l py-1 pl-1.5" data-testid="lg-nav-tree">
      <p className="px-2 text-[10px] font-medium tracking-wide text-muted-foreground uppercase">Assistants</p>
      {assistants.isError && <p className="px-2 text-[11px] text-destructive">Could not list: {assistants.error.message}</p>}
      <ul>
        {assistants.data?.map((a) => {
          const open = location.thread === null && location.item === a.assistantId;
          return (
            <li key={a.assistantId}>
              <button
                type="button"
                data-testid="lg-nav-assistant"
                aria-current={open ? "page" : undefined}
                className={rowClass(open)}
                onClick={() => navigate({ view: "langgraph", peerId: deploymentId, thread: null, item: a.assistantId })}
              >
                <span className="truncate">{a.name}</span>
                {a.name !== a.graphId && <span className="truncate font-mono text-[10px] text-muted-foreground">{a.graphId}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="px-2 text-[10px] font-medium tracking-wide text-muted-foreground uppercase">Threads</p>
      {threads.isError && <p className="px-2 text-[11px] text-destructive">Could not list: {threads.error.message}</p>}
      {threads.data?.length === 0 && <p className="px-2 text-[11px] text-muted-foreground">None yet.</p>}
      <ul>
        {newest.map((t) => {
          const open = location.thread === t.threadId;
          return (
            <li key={t.threadId}>
              <button
                type="button"
                data-testid="lg-nav-thread"
                data-thread-id={t.threadId}
                aria-current={open ? "page" : undefined}
                className={rowClass(open)}
                onClick={() => navigate({ view: "langgraph", peerId: deploymentId, thread: t.threadId })}
              >
                <span className="truncate font-mono">{t.threadId.slice(0, 8)}</span>
                <LgThreadStatusBadge status={t.status} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
