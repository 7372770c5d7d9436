"use client";

import { useRef, useState } from "react";
import { Trash2Icon } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { agentApi, agentKeys, removeSessionSummary, sessionScope, sessionsQuery } from "@/lib/queries/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import { cn } from "@/lib/cn";
import { QueryError } from "@/components/elements/query-error";
import { NewSessionForm } from "@/components/adk/agents/new-session-form";
import { useListKeys } from "@/hooks/use-list-keys";
import { useListVirtualizer } from "@/hooks/use-list-virtualizer";
import { SafeText } from "@/components/ui/safe-text";
import { LabelChip } from "@/components/adk/agents/label-chip";
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
                <li
                  key={row.key}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  data-testid="session-item"
                  data-session-id={s.id}
                  aria-current={s.id === selectedId ? "true" : undefined}
                  style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
                  className={cn("group flex items-center gap-1 rounded-md px-2 py-1 hover:bg-accent", s.id === selectedId && "bg-accent")}
                >
                  <button
                    type="button"
                    data-session-open
                    className="min-w-0 flex-1 rounded-sm text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => onOpen(s.id)}
                  >
                    {s.name && <SafeText text={s.name} className="block truncate text-xs font-medium" />}
                    <SafeText text={s.id} className={cn("block truncate font-mono text-xs", s.name && "text-muted-foreground")} />
                    {s.labels && s.labels.length > 0 && (
                      <span className="flex flex-wrap gap-0.5 py-0.5">
                        {s.labels.map((l) => (
                          <LabelChip key={l} label={l} />
                        ))}
                      </span>
                    )}
                    <span className="block text-[10px] text-muted-foreground">
                      {s.lastUpdateTime ? new Date(s.lastUpdateTime).toLocaleString() : "—"}
                      {s.eventCount !== undefined && ` · ${s.eventCount} events`}
                    </span>
                  </button>
                  {confirming === s.id ? (
                    <span className="flex shrink-0 gap-1">
                      <Button
                        size="xs"
                        variant="destructive"
                        data-testid="confirm-delete-session"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(s.id, { onSettled: () => setConfirming(null) })}
                      >
                        Delete
                      </Button>
                      <Button size="xs" variant="ghost" onClick={() => setConfirming(null)}>
                        Cancel
                      </Button>
                    </span>
                  ) : (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Delete session ${s.id}`}
                      data-testid="delete-session"
                      className="opacity-60 group-hover:opacity-100"
                      onClick={() => setConfirming(s.id)}
                    >
                      <Trash2Icon />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
