"use client";

import { useDeferredValue, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon, Trash2Icon } from "lucide-react";
import type { LgActions } from "@/hooks/use-langgraph";
import { lgThreadsQuery } from "@/lib/queries/langgraph";
import { ListSearchBar } from "@/components/elements/list-search-bar";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { LgError } from "./lg-error";
import { LgThreadStatusBadge, THREAD_FILTERS, threadFilterLabel } from "./thread-status";
import { SessionRow } from "@/components/elements/session-row";

export interface LgThreadListProps {
  deploymentId: string;
  selectedId: string | null;
  onSelect: (threadId: string | null) => void;
  actions: Pick<LgActions, "createThread" | "deleteThread">;
}

/** The deployment's threads (the server's threads/search): search by id or metadata, filter by status, create, delete. */
export function LgThreadList({ deploymentId, selectedId, onSelect, actions }: LgThreadListProps) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const query = useDeferredValue(q);
  const threads = useQuery(lgThreadsQuery(deploymentId, { status, q: query }));
  const remove = (threadId: string) =>
    window.confirm(`Delete thread ${threadId} on the server, with its checkpoints? Loupe's records of it stay.`) &&
    actions.deleteThread.mutate({ deploymentId, threadId }, { onSuccess: () => selectedId === threadId && onSelect(null) });
  const create = () => actions.createThread.mutate({ deploymentId, body: { metadata: {} } }, { onSuccess: (t) => onSelect(t.threadId) });

  return (
    <div className="flex min-h-0 flex-col" data-testid="lg-thread-list">
      <ListSearchBar
        noun="threads"
        placeholder="Thread id or metadata"
        value={q}
        onChange={setQ}
        searchTestId="lg-thread-search"
        onRefresh={() => void threads.refetch()}
        refreshing={threads.isFetching}
        refreshTitle="Ask the server again"
        refreshTestId="lg-thread-refresh"
      />
      <div className="flex items-center gap-1.5 border-b p-2">
        <NativeSelect
          aria-label="Status"
          data-testid="lg-thread-filter"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className="h-7 text-xs"
        >
          {THREAD_FILTERS.map((s) => (
            <option key={s} value={s}>
              {threadFilterLabel(s)}
            </option>
          ))}
        </NativeSelect>
        <Button size="sm" variant="outline" data-testid="lg-new-thread" disabled={actions.createThread.isPending} onClick={create}>
          <PlusIcon /> New
        </Button>
      </div>
      {actions.createThread.error && <LgError title="Could not create the thread" error={actions.createThread.error} />}
      {actions.deleteThread.error && <LgError title="Could not delete the thread" error={actions.deleteThread.error} />}
      {threads.isError ? (
        <QueryError className="m-2" title="Could not list threads" error={threads.error} onRetry={() => void threads.refetch()} />
      ) : threads.isPending ? (
        <p className="p-3 text-xs text-muted-foreground">Loading threads…</p>
      ) : (
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto p-1.5">
          {threads.data.length === 0 && (
            <li className="px-1.5 py-2 text-xs text-muted-foreground" data-testid="lg-thread-list-empty">
              {q.trim() !== "" || status !== ""
                ? "No thread matches."
                : "No threads on this deployment yet. New makes one; a run without a thread makes its own."}
            </li>
          )}
          {threads.data.map((t) => (
            <li key={t.threadId} className="group relative">
              <SessionRow
                id={t.threadId}
                selected={selectedId === t.threadId}
                onSelect={onSelect}
                testId="lg-thread-row"
                idClassName="pr-6"
              >
                <LgThreadStatusBadge status={t.status} />
                {t.graphId ?? ""} {t.loupeRuns === 0 ? "· elsewhere" : ""}
              </SessionRow>
              <Button
                size="icon"
                variant="ghost"
                className="absolute top-1 right-1 size-6 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
                aria-label={`Delete thread ${t.threadId}`}
                data-testid="lg-delete-thread"
                disabled={actions.deleteThread.isPending}
                onClick={() => remove(t.threadId)}
              >
                <Trash2Icon />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
