"use client";

import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import type { Assertion, TestCase } from "@/lib/contracts/testing";
import { caseQuery } from "@/lib/queries/testing";
import { useDeleteCase, useUpdateCase } from "@/hooks/use-testing";
import { targetText } from "@/lib/workbench/testing-view";
import { jsonEqual } from "@/lib/diff/json-diff";
import type { Navigate } from "@/lib/workbench/slots";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BusyButton } from "@/components/elements/busy-button";
import { QueryError } from "@/components/elements/query-error";
import { AssertionEditor } from "./assertion-editor";
import { CaseRecording } from "./case-recording";

export interface CasePaneProps {
  suiteId: string;
  caseId: string;
  navigate: Navigate;
}

/** One case: what it replays (inputs, the answers at each pause), what came back, and its assertions with a live preview. */
export function CasePane({ caseId, navigate }: CasePaneProps) {
  const testCase = useQuery(caseQuery(caseId));
  const back = (
    <Button size="xs" variant="ghost" className="w-fit" onClick={() => navigate({ caseId: null })} data-testid="back-to-suite">
      <ArrowLeftIcon /> Back
    </Button>
  );
  if (testCase.isError)
    return (
      <div className="flex flex-col gap-2">
        {back}
        <QueryError title="Could not load the case" error={testCase.error} onRetry={() => void testCase.refetch()} />
      </div>
    );
  if (testCase.isPending) return <p className="text-xs text-muted-foreground">Loading the case…</p>;
  return <CaseDetail testCase={testCase.data} back={back} onDeleted={() => navigate({ caseId: null })} />;
}

function CaseDetail({ testCase: c, back, onDeleted }: { testCase: TestCase; back: ReactNode; onDeleted: () => void }) {
  const [draft, setDraft] = useState<Assertion[]>(c.assertions);
  const update = useUpdateCase(c);
  const remove = useDeleteCase();
  const dirty = !jsonEqual(draft, c.assertions);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="case-pane">
      {back}
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold" data-testid="case-name">
          {c.name}
        </h2>
        <Badge variant="outline">{c.protocol}</Badge>
        <span className="text-xs text-muted-foreground">against {targetText(c.target)}</span>
        <Button
          size="xs"
          variant="ghost"
          data-testid="delete-case"
          onClick={() => window.confirm(`Delete the case “${c.name}”?`) && remove.mutate(c.id, { onSuccess: onDeleted })}
        >
          <Trash2Icon /> Delete
        </Button>
      </header>
      {remove.isError && <QueryError title="The case could not be deleted" error={remove.error} />}
      <CaseRecording testCase={c} />
      <section className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-xs font-semibold text-muted-foreground uppercase">Assertions</h3>
          <span className="ml-auto" />
          {dirty && (
            <Button size="sm" variant="ghost" onClick={() => setDraft(c.assertions)}>
              Discard
            </Button>
          )}
          <BusyButton
            size="sm"
            busy={update.isPending}
            disabled={!dirty}
            onClick={() => update.mutate({ assertions: draft })}
            data-testid="save-assertions"
          >
            {dirty ? "Save assertions" : "Saved"}
          </BusyButton>
        </div>
        {update.isError && <QueryError title="The assertions were not saved" error={update.error} />}
        <AssertionEditor caseId={c.id} outcome={c.recorded} value={draft} onChange={setDraft} />
      </section>
    </div>
  );
}
