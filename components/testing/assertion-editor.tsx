"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { ASSERTION_LABEL, type Assertion, type AssertionType, type CaseOutcome } from "@/lib/contracts/testing";
import { previewQuery } from "@/lib/queries/testing";
import { applicableKinds, newAssertion } from "@/lib/workbench/testing-view";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryError } from "@/components/elements/query-error";
import { AssertionForm } from "./assertion-forms";
import { AssertionVerdict } from "./assertion-verdicts";

/** The preview waits this long after the last edit before it asks the engine. */
const PREVIEW_DEBOUNCE_MS = 400;

export interface AssertionEditorProps {
  caseId: string;
  outcome: CaseOutcome;
  /** The assertions as edited (not saved yet). */
  value: Assertion[];
  onChange: (value: Assertion[]) => void;
}

/** A case's assertions, each a form of its kind with its verdict on the recorded outcome, live (the engine's preview). */
export function AssertionEditor({ caseId, outcome, value, onChange }: AssertionEditorProps) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  const preview = useQuery({ ...previewQuery(caseId, outcome, settled), placeholderData: (prev) => prev });
  const [adding, setAdding] = useState<AssertionType>("contains");
  const kinds = applicableKinds(outcome);

  return (
    <section className="flex flex-col gap-2" data-testid="assertion-editor">
      {value.length === 0 && <p className="text-xs text-muted-foreground">No assertions: a run only checks that the case replays.</p>}
      {preview.isError && <QueryError title="The preview could not run" error={preview.error} onRetry={() => void preview.refetch()} />}
      <ol className="flex flex-col gap-3">
        {value.map((a, i) => {
          const verdict = settled === value && !preview.isPlaceholderData ? preview.data?.find((r) => r.index === i) : undefined;
          return (
            <li key={i} className="flex flex-col gap-3 rounded-md border p-3" data-testid="assertion" data-type={a.type}>
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium">{ASSERTION_LABEL[a.type]}</span>
                <Button
                  size="xs"
                  variant="ghost"
                  className="ml-auto"
                  aria-label={`Remove ${ASSERTION_LABEL[a.type]}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  <Trash2Icon /> Remove
                </Button>
              </div>
              <AssertionForm
                id={`a${i}`}
                value={a}
                outcome={outcome}
                onChange={(next) => onChange(value.map((x, j) => (j === i ? next : x)))}
              />
              <div className="border-t pt-2" data-testid="assertion-preview">
                {verdict ? (
                  <ul>
                    <AssertionVerdict result={verdict} />
                  </ul>
                ) : (
                  <p className="text-xs text-muted-foreground">Checking against the recorded outcome…</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-56">
          <NativeSelect
            aria-label="Kind of assertion to add"
            value={adding}
            onChange={(e) => setAdding(kinds.find((k) => k === e.target.value) ?? adding)}
            data-testid="add-assertion-kind"
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {ASSERTION_LABEL[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button size="sm" variant="outline" onClick={() => onChange([...value, newAssertion(adding, outcome)])} data-testid="add-assertion">
          <PlusIcon /> Add assertion
        </Button>
      </div>
    </section>
  );
}
