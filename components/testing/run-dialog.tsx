"use client";

import { useState } from "react";
import { MAX_REPETITIONS, type Suite } from "@/lib/contracts/testing";
import { parseTargetText, targetText } from "@/lib/workbench/testing-view";
import { useRunSuite } from "@/hooks/use-testing";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { BusyButton } from "@/components/elements/busy-button";
import { Field } from "@/components/elements/field";
import { QueryError } from "@/components/elements/query-error";

export interface RunDialogProps {
  suite: Suite;
  onClose: () => void;
  /** The run started: its id (the view opens it and follows its progress). */
  onStarted: (runId: string) => void;
}

type TargetChoice = "own" | "saved" | "other";

/** Run a suite: against each case's own server or agent, another saved one, or a URL / command; N repetitions. */
export function RunDialog({ suite, onClose, onStarted }: RunDialogProps) {
  const run = useRunSuite(suite.id);
  const [choice, setChoice] = useState<TargetChoice>("own");
  const [savedId, setSavedId] = useState("");
  const [other, setOther] = useState("");
  const [repetitions, setRepetitions] = useState(String(suite.repetitions));

  const target =
    choice === "saved"
      ? savedId.trim()
        ? { kind: "saved" as const, id: savedId.trim() }
        : null
      : choice === "other"
        ? parseTargetText(other)
        : undefined;
  const reps = Number(repetitions);
  const repsError =
    Number.isInteger(reps) && reps >= 1 && reps <= MAX_REPETITIONS ? undefined : `A whole number from 1 to ${MAX_REPETITIONS}`;
  const targetError = target === null ? (choice === "saved" ? "The id of a saved server or agent" : "A URL or a command line") : undefined;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="run-dialog">
        <DialogHeader>
          <DialogTitle>Run “{suite.name}”</DialogTitle>
          <DialogDescription>
            Each case is replayed, its pauses answered with the answers it recorded, and its assertions checked.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (repsError || target === null) return;
            run.mutate({ target, repetitions: reps }, { onSuccess: (r) => onStarted(r.id) });
          }}
        >
          <Field id="run-target" label="Against">
            <NativeSelect
              id="run-target"
              value={choice}
              onChange={(e) => setChoice(e.target.value === "saved" ? "saved" : e.target.value === "other" ? "other" : "own")}
            >
              <option value="own">
                {suite.defaultTarget ? `The suite's target (${targetText(suite.defaultTarget)})` : "Each case's own server or agent"}
              </option>
              <option value="saved">Another saved server or agent</option>
              <option value="other">A URL or a command</option>
            </NativeSelect>
          </Field>
          {choice === "saved" && (
            <Field id="run-saved" label="Saved server or agent id" error={targetError}>
              <Input
                id="run-saved"
                value={savedId}
                onChange={(e) => setSavedId(e.target.value)}
                placeholder="demo-mcp"
                data-testid="run-saved-id"
              />
            </Field>
          )}
          {choice === "other" && (
            <Field
              id="run-other"
              label="URL or command"
              hint="http(s)://… for a server over HTTP; otherwise a command line started over stdio"
              error={targetError}
            >
              <Input
                id="run-other"
                value={other}
                onChange={(e) => setOther(e.target.value)}
                placeholder="npx -y @modelcontextprotocol/server-everything"
                data-testid="run-other"
              />
            </Field>
          )}
          <Field id="run-reps" label="Repetitions" hint="A case whose repetitions disagree is marked flaky" error={repsError}>
            <Input
              id="run-reps"
              type="number"
              min={1}
              max={MAX_REPETITIONS}
              value={repetitions}
              onChange={(e) => setRepetitions(e.target.value)}
              data-testid="run-repetitions"
            />
          </Field>
          {run.isError && <QueryError title="The run did not start" error={run.error} />}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={run.isPending} disabled={Boolean(repsError || targetError)} data-testid="start-run">
              Run
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
