"use client";

import { useState } from "react";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentSessionSummary, SessionLabel } from "@/lib/contracts/agents";
import { agentKeys, sessionsQuery, type SessionRef } from "@/lib/queries/agents";
import { putSessionLabel, sessionSearchKeys } from "@/lib/queries/session-search";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { SafeText } from "@/components/ui/safe-text";
import { LabelChip } from "./label-chip";

/** The limits the label route enforces (SessionLabelBody), said in the inputs so nothing typed is refused. */
const NAME_MAX = 120;
const LABEL_MAX = 40;

/** The open session's name (rename inline) and labels (chips: add, remove); Loupe's own record. */
export function SessionLabelEditor({ sessionRef }: { sessionRef: SessionRef }) {
  const qc = useQueryClient();
  const { agentId, appName, userId, sessionId } = sessionRef;
  // Read from the session list (the same cache as the sidebar's rows): no request of its own.
  const list = useQuery(sessionsQuery(agentId, appName, userId));
  const summary = list.data?.find((s) => s.id === sessionId);
  const labels = summary?.labels ?? [];
  const [renaming, setRenaming] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { name?: string; labels?: string[] }) => putSessionLabel(sessionRef, body),
    onSuccess: (saved: SessionLabel) => {
      qc.setQueryData<AgentSessionSummary[]>(agentKeys.sessions(agentId, appName, userId), (l) =>
        l?.map((s) => {
          if (s.id !== sessionId) return s;
          const { name: _n, labels: _l, ...rest } = s;
          return { ...rest, ...(saved.name ? { name: saved.name } : {}), ...(saved.labels.length ? { labels: saved.labels } : {}) };
        }),
      );
      void qc.invalidateQueries({ queryKey: sessionSearchKeys.all() });
    },
  });
  const commitName = () => {
    if (renaming !== null && renaming.trim() !== (summary?.name ?? "")) save.mutate({ name: renaming.trim() });
    setRenaming(null);
  };
  const commitLabel = () => {
    const l = adding?.trim();
    if (l && !labels.some((x) => x.toLowerCase() === l.toLowerCase())) save.mutate({ labels: [...labels, l] });
    setAdding(null);
  };

  return (
    <div className="flex flex-wrap items-center gap-1.5 border-b px-2 py-1" data-testid="session-labels">
      {renaming !== null ? (
        <input
          autoFocus
          aria-label="Session name"
          data-testid="session-name-input"
          maxLength={NAME_MAX}
          value={renaming}
          placeholder="Name this session"
          onChange={(e) => setRenaming(e.target.value)}
          onBlur={commitName}
          onKeyDown={(e) => {
            if (e.key === "Enter") commitName();
            if (e.key === "Escape") setRenaming(null);
          }}
          className="h-6 w-56 rounded border bg-background px-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        />
      ) : (
        <button
          type="button"
          data-testid="session-name"
          title="Rename (Loupe keeps the name; the agent server does not see it)"
          onClick={() => setRenaming(summary?.name ?? "")}
          className="flex min-w-0 items-center gap-1 rounded px-1 text-sm hover:bg-accent"
        >
          {summary?.name ? (
            <SafeText text={summary.name} className="truncate font-medium" />
          ) : (
            <span className="text-muted-foreground">Name this session</span>
          )}
          <PencilIcon className="size-3 text-muted-foreground" aria-hidden />
        </button>
      )}
      {labels.map((l) => (
        <LabelChip key={l} label={l} onRemove={() => save.mutate({ labels: labels.filter((x) => x !== l) })} />
      ))}
      {adding !== null ? (
        <input
          autoFocus
          aria-label="New label"
          data-testid="session-label-input"
          maxLength={LABEL_MAX}
          value={adding}
          placeholder="label"
          onChange={(e) => setAdding(e.target.value)}
          onBlur={commitLabel}
          onKeyDown={(e) => {
            if (e.key === "Enter") commitLabel();
            if (e.key === "Escape") setAdding(null);
          }}
          className="h-5 w-24 rounded-full border bg-background px-2 text-[11px] outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        />
      ) : (
        <Button size="xs" variant="ghost" data-testid="add-session-label" onClick={() => setAdding("")} disabled={!summary}>
          <PlusIcon /> Label
        </Button>
      )}
      {save.error && <QueryError className="basis-full" title="Could not save the name or labels" error={save.error} />}
    </div>
  );
}
