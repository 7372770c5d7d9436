"use client";

import { useState } from "react";
import { SlidersHorizontalIcon, SquareIcon } from "lucide-react";
import type { AguiAgentView } from "@/lib/contracts/agui";
import type { AguiActions } from "@/hooks/use-agui";
import { BusyButton } from "@/components/elements/busy-button";
import { QueryError } from "@/components/elements/query-error";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { onModEnter } from "@/lib/keyboard";
import { emptyRunDraft, runBodyFromDraft, type RunDraft, type RunDraftErrors } from "./run-draft";
import { RunOptions } from "./run-options";
import { useAdminAction } from "@/components/elements/role";

export interface RunFormProps {
  agent: AguiAgentView;
  /** null: the run starts a new thread. */
  threadId: string | null;
  threadState: unknown;
  /** The thread's run still streaming, if any (Abort stops it). */
  runningRunId: string | null;
  actions: Pick<AguiActions, "run" | "abort">;
  onStarted: (started: { runId: string; threadId: string }) => void;
}

/** The next run of a thread: the user's message, and (folded) state, context, forwardedProps and tools. */
export function RunForm({ agent, threadId, threadState, runningRunId, actions, onStarted }: RunFormProps) {
  // Running an agent is an admin's (team mode): the button says why it is disabled.
  const admin = useAdminAction();
  const [draft, setDraft] = useState<RunDraft>(() => emptyRunDraft(threadState, agent.tools));
  const [errors, setErrors] = useState<RunDraftErrors>({});
  const [open, setOpen] = useState(false);
  const patch = (p: Partial<RunDraft>) => setDraft((d) => ({ ...d, ...p }));
  const busy = actions.run.isPending;

  const run = () => {
    const result = runBodyFromDraft(draft, threadId);
    if (!result.ok) {
      setErrors(result.errors);
      setOpen(true); // the problem is in the folded options: show them
      return;
    }
    setErrors({});
    actions.run.mutate(
      { agentId: agent.id, body: result.body },
      {
        onSuccess: (started) => {
          patch({ text: "" });
          onStarted(started);
        },
      },
    );
  };

  return (
    <div data-testid="agui-run-form" className="flex flex-col gap-2 border-t bg-background p-3" onKeyDown={onModEnter(run, !busy)}>
      {open && (
        <div className="max-h-[45dvh] overflow-y-auto rounded-md border bg-muted/20 p-2">
          <RunOptions draft={draft} onChange={patch} threadState={threadState} errors={errors} disabled={busy} />
        </div>
      )}
      <Textarea
        aria-label="Message"
        data-testid="agui-run-text"
        rows={2}
        placeholder={threadId ? "Message for the next run (empty: run with the thread as it is)" : "Message to start a new thread"}
        value={draft.text}
        disabled={busy}
        onChange={(e) => patch({ text: e.target.value })}
      />
      {actions.run.error && <QueryError title="The run did not start" error={actions.run.error} />}
      {actions.abort.error && <QueryError title="Could not abort the run" error={actions.abort.error} />}
      <div className="flex items-center gap-2">
        <BusyButton data-testid="agui-run" busy={busy} disabled={Boolean(runningRunId) || admin.disabled} title={admin.title} onClick={run}>
          Run
        </BusyButton>
        {runningRunId && (
          <Button
            size="sm"
            variant="outline"
            data-testid="agui-abort"
            disabled={actions.abort.isPending}
            onClick={() => actions.abort.mutate({ agentId: agent.id, runId: runningRunId })}
          >
            <SquareIcon /> Abort
          </Button>
        )}
        <Button
          size="sm"
          variant={open ? "secondary" : "ghost"}
          aria-expanded={open}
          data-testid="agui-run-options-toggle"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontalIcon /> State, context, tools
        </Button>
        <span className="ml-auto text-[11px] text-muted-foreground">
          {draft.toolsEdited ? draft.tools.length : agent.tools.length} front-end tool(s) · ⌘/Ctrl+Enter
        </span>
      </div>
    </div>
  );
}
