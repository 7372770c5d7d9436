"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { sessionsQuery } from "@/lib/queries/agents";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SafeText } from "@/components/ui/safe-text";
import { QueryError } from "@/components/elements/query-error";
import { CompareCandidate, ComparePicker } from "@/components/elements/compare/compare-picker";
import { plural } from "@/lib/format";

export interface CompareWithDialogProps {
  agentId: string;
  appName: string;
  /** The open session: the default user to list, and left out of the list. */
  userId: string;
  sessionId: string;
  onPick: (sessionId: string, userId: string) => void;
}

/**
 * "Compare with…": another session of the same app, of this user or any other (ADK lists sessions
 * per user, so another user's are listed by naming the user), found by a part of its id — or named
 * whole when it is not listed.
 */
export function CompareWithDialog({ agentId, appName, userId, sessionId, onPick }: CompareWithDialogProps) {
  const [open, setOpen] = useState(false);
  const [userText, setUserText] = useState(userId);
  const [user, setUser] = useState(userId);
  const [query, setQuery] = useState("");
  const sessions = useQuery({ ...sessionsQuery(agentId, appName, user), enabled: open && user !== "" });
  const q = query.trim();
  const list = (sessions.data ?? []).filter(
    (s) => !(s.id === sessionId && user === userId) && s.id.toLowerCase().includes(q.toLowerCase()),
  );
  const listed = (sessions.data ?? []).some((s) => s.id === q);
  const pick = (id: string) => {
    setOpen(false);
    onPick(id, user);
  };
  return (
    <ComparePicker
      open={open}
      onOpenChange={setOpen}
      triggerTestId="compare-with"
      dialogTestId="compare-with-dialog"
      title="Compare with another session"
      description={
        <>
          Another run of <SafeText text={appName} className="font-mono" />, shown beside this one invocation by invocation.
        </>
      }
    >
      <form
        className="flex items-end gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          setUser(userText.trim());
        }}
      >
        <label className="flex flex-1 flex-col gap-0.5 text-xs">
          User
          <Input value={userText} onChange={(e) => setUserText(e.target.value)} data-testid="compare-user" className="h-7 text-xs" />
        </label>
        <Button size="xs" type="submit" variant="secondary" disabled={userText.trim() === "" || userText.trim() === user}>
          List
        </Button>
      </form>
      <label className="flex flex-col gap-0.5 text-xs">
        Session id
        <Input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by id"
          data-testid="compare-search"
          className="h-7 font-mono text-xs"
        />
      </label>
      {sessions.isError && <QueryError title={`Could not list the sessions of ${user}`} error={sessions.error} />}
      {sessions.isPending && user !== "" && <p className="text-xs text-muted-foreground">Listing the sessions of {user}…</p>}
      <ul className="flex max-h-64 flex-col overflow-y-auto" data-testid="compare-candidates" aria-label="Sessions to compare with">
        {list.map((s) => (
          <CompareCandidate key={s.id} data-testid="compare-candidate" data-session-id={s.id} onClick={() => pick(s.id)}>
            <SafeText text={s.id} className="block truncate font-mono text-xs" />
            <span className="block text-[10px] text-muted-foreground">
              {s.lastUpdateTime ? new Date(s.lastUpdateTime).toLocaleString() : "—"}
              {s.eventCount !== undefined && ` · ${plural(s.eventCount, "event")}`}
            </span>
          </CompareCandidate>
        ))}
        {sessions.isSuccess && list.length === 0 && (
          <li className="px-2 py-1 text-xs text-muted-foreground">No other session of {user} matches.</li>
        )}
      </ul>
      {q !== "" && !listed && !(q === sessionId && user === userId) && (
        <Button size="xs" variant="ghost" className="self-start" data-testid="compare-by-id" onClick={() => pick(q)}>
          Compare with session <SafeText text={q} className="font-mono" /> of <SafeText text={user} />
        </Button>
      )}
    </ComparePicker>
  );
}
