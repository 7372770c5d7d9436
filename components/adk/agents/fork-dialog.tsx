"use client";

import { useMemo, useState } from "react";
import { GitForkIcon } from "lucide-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { JsonTextField } from "@/components/elements/json-text-field";
import { QueryError } from "@/components/elements/query-error";
import { forkPlan, forkState, parseJsonObject } from "@/lib/protocols/adk/fork";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { agentApi, agentKeys } from "@/lib/queries/agents";
import type { SessionRef } from "@/lib/queries/agents";
import { ForkKeyNotes } from "./fork-key-notes";

export interface ForkDialogProps {
  sessionRef: SessionRef;
  /** The event forked from: its id and position, for the title. */
  eventLabel: string;
  /** Session state right after that event. */
  state: Record<string, unknown>;
  onOpenSession?: (ref: SessionRef) => void;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * "Fork from here": a new session of the same app and user that starts with the state this one had
 * right after the event. The state comes first and is editable; which keys go where is spelled out.
 */
export function ForkDialog({ sessionRef, eventLabel, state, onOpenSession }: ForkDialogProps) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const plan = useMemo(() => forkPlan(state), [state]);
  const [text, setText] = useState(() => pretty(plan.session));
  const [includeShared, setIncludeShared] = useState(false);
  const parsed = parseJsonObject(text, "The new session's state");
  const fork = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      agentApi.createSession(sessionRef.agentId, sessionRef.appName, { userId: sessionRef.userId, state: body }),
    onSuccess: (created) => {
      void qc.invalidateQueries({ queryKey: agentKeys.sessions(sessionRef.agentId, sessionRef.appName, sessionRef.userId) });
      setOpen(false);
      onOpenSession?.({ ...sessionRef, sessionId: created.id });
    },
  });
  const openDialog = () => {
    // Each opening starts from the event's state, not from a previous edit.
    setText(pretty(plan.session));
    setIncludeShared(false);
    fork.reset();
    setOpen(true);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* A Radix trigger so closing gives focus back to this button; openDialog runs first, then Radix opens. */}
      <DialogTrigger asChild>
        <Button size="xs" variant="outline" onClick={openDialog} data-testid="fork-from-here">
          <GitForkIcon /> Fork from here
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="fork-dialog" className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Fork from {eventLabel}</DialogTitle>
          <DialogDescription>
            A new session of {sessionRef.appName} for {sessionRef.userId}, starting with the state this session had right after the event.
            Its events are not copied.
          </DialogDescription>
        </DialogHeader>
        <JsonTextField
          id="fork-state"
          label="State of the new session"
          text={text}
          error={parsed.ok ? null : parsed.error}
          onTextChange={setText}
          testId="fork-state"
        />
        {text.includes(SECRET_MASK) && (
          // Loupe masks credentials it shows: the mask would be sent as the value, not the secret behind it.
          <p role="alert" data-testid="fork-masked" className="text-xs text-amber-700 dark:text-amber-400">
            Some values read {SECRET_MASK}: Loupe masked them, and the new session would get that text. Type the real value or remove the
            key.
          </p>
        )}
        <ForkKeyNotes plan={plan} includeShared={includeShared} onIncludeShared={setIncludeShared} />
        {fork.error && <QueryError title="Could not create the session" error={fork.error} />}
        <DialogFooter>
          <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            data-testid="fork-create"
            disabled={!parsed.ok || fork.isPending}
            onClick={() => parsed.ok && fork.mutate(forkState(parsed.value, plan.shared, includeShared))}
          >
            {fork.isPending ? "Creating…" : "Create and open"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
