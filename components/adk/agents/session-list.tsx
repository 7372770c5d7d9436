"use client";

import { useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { agentApi, agentKeys, removeSessionSummary, sessionScope, sessionsQuery } from "@/lib/queries/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import { QueryError } from "@/components/elements/query-error";
import { NewSessionForm } from "@/components/adk/agents/new-session-form";
import { SessionRow } from "@/components/adk/agents/session-row";
import { useListKeys } from "@/hooks/use-list-keys";
import { useListVirtualizer } from "@/hooks/use-list-virtualizer";
import { SessionLabelFilter, labelsOf } from "@/components/adk/agents/session-label-filter";

export interface SessionListProps {
  agentId: string;
  appName: string;
  userId: string;
  selectedId: string | null;
  onOpen: (sessionId: string | null) => void;
}

/** The sessions of one (server, app, user), newest first: create, open, delete with a confirm. */
export function SessionList({ agentId, appName, userId, selectedId, onOpen }: SessionListProps) {
  const qc = useQueryClient();
  const onListKeyDown = useListKeys({ itemSelector: "[data-session-open]", edges: false });
  const sessions = useQuery(sessionsQuery(agentId, appName, userId));
  const listKey = agentKeys.sessions(agentId, appName, userId);
  const create = useMutation({
    mutationFn: (state: Record<string, unknown> | undefined) =>
      agentApi.createSession(agentId, appName, { userId, ...(state ? { state } : {}) }),
    onSuccess: (created) => {
      void qc.invalidateQueries({ queryKey: listKey });
      onOpen(created.id);
    },
  });
  const remove = useMutation({
    mutationFn: (sessionId: string) => agentApi.deleteSession({ agentId, appName, userId, sessionId }),
    onSuccess: (_void, sessionId) => {
      qc.setQueryData<AgentSessionSummary[]>(listKey, (l) => removeSessionSummary(l, sessionId));
      qc.removeQueries({ queryKey: sessionScope(agentId, adkSessionKey(appName, userId, sessionId)) });
      if (sessionId === selectedId) onOpen(null);
    },
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [labelFilter, setLabelFilter] = useState<string | null>(null);
  const all = sessions.data ?? [];
  const labels = labelsOf(all);
  // A label no session has any more (removed, session deleted) filters nothing.
  const filter = labelFilter && labels.includes(labelFilter) ? labelFilter : null;
  const list = filter ? all.filter((s) => s.labels?.includes(filter)) : all;
  // Virtualized: an app under test piles up thousands of sessions.
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useListVirtualizer({
    count: list.length,
    scrollRef,
    estimate: 44,
    getItemKey: (index) => list[index]?.id ?? index,
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-2" data-testid="session-panel" data-app={appName}>
      <NewSessionForm onCreate={(state) => create.mutate(state)} pending={create.isPending} />
      {create.error && <QueryError title="Could not create a session" error={create.error} />}
      {remove.error && <QueryError title="Could not delete the session" error={remove.error} />}
      {sessions.isError ? (
        <QueryError title="Could not list sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <p className="text-xs text-muted-foreground">Loading sessions…</p>
      ) : (
        <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="session-scroll">
          <SessionLabelFilter labels={labels} value={filter} onChange={setLabelFilter} />
          {all.length === 0 && <p className="py-3 text-center text-xs text-muted-foreground">No sessions for {userId} yet.</p>}
          <ul
            data-testid="session-list"
            aria-label="Sessions"
            onKeyDown={onListKeyDown}
            style={{ height: virtualizer.getTotalSize(), position: "relative" }}
          >
            {virtualizer.getVirtualItems().map((row) => {
              const s = list[row.index];
              if (!s) return null;
              return (
                <SessionRow
                  key={row.key}
                  ref={virtualizer.measureElement}
                  index={row.index}
                  start={row.start}
                  session={s}
                  selected={s.id === selectedId}
                  onOpen={() => onOpen(s.id)}
                  confirming={confirming === s.id}
                  onConfirming={(on) => setConfirming(on ? s.id : null)}
                  deleting={remove.isPending}
                  onDelete={() => remove.mutate(s.id, { onSettled: () => setConfirming(null) })}
                />
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
