"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, PlayIcon, Trash2Icon } from "lucide-react";
import { ASSERTION_LABEL, SUITE_FILE_SUFFIX } from "@/lib/contracts/testing";
import { casesQuery, suiteCases, suiteQuery, suiteRunsQuery, TEST_PATHS } from "@/lib/queries/testing";
import { useDeleteSuite } from "@/hooks/use-testing";
import { apiFetch } from "@/lib/api-client";
import { AppError } from "@/lib/errors";
import { downloadText } from "@/lib/tool-result/download";
import type { Navigate } from "@/lib/workbench/slots";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { RunHistory } from "./run-history";
import { RunDialog } from "./run-dialog";

export interface SuitePaneProps {
  suiteId: string;
  navigate: Navigate;
}

/** One suite: its cases, Run, its run history, Export as a suite file and Delete. */
export function SuitePane({ suiteId, navigate }: SuitePaneProps) {
  const suite = useQuery(suiteQuery(suiteId));
  const cases = useQuery(casesQuery());
  const runs = useQuery(suiteRunsQuery(suiteId));
  const remove = useDeleteSuite();
  const [running, setRunning] = useState(false);
  const [exportError, setExportError] = useState<AppError | null>(null);

  if (suite.isError) return <QueryError title="Could not load the suite" error={suite.error} onRetry={() => void suite.refetch()} />;
  if (suite.isPending) return <p className="text-xs text-muted-foreground">Loading the suite…</p>;
  const s = suite.data;

  const exportFile = async () => {
    setExportError(null);
    try {
      const file = await apiFetch<unknown>(TEST_PATHS.suiteFile(suiteId));
      downloadText(JSON.stringify(file, null, 2), `${s.name.replace(/[^\w.-]+/g, "-")}${SUITE_FILE_SUFFIX}`, "application/json");
    } catch (e) {
      setExportError(e instanceof AppError ? e : new AppError("upstream:network", String(e)));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="suite-pane">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold" data-testid="suite-name">
          {s.name}
        </h2>
        <Button size="sm" onClick={() => setRunning(true)} data-testid="run-suite" disabled={s.caseIds.length === 0}>
          <PlayIcon /> Run…
        </Button>
        <Button size="sm" variant="outline" onClick={() => void exportFile()} data-testid="export-suite">
          <DownloadIcon /> Export
        </Button>
        <Button
          size="sm"
          variant="ghost"
          data-testid="delete-suite"
          onClick={() => {
            if (window.confirm(`Delete the suite “${s.name}”, its cases and runs?`))
              remove.mutate(suiteId, { onSuccess: () => navigate({ suiteId: null }) });
          }}
        >
          <Trash2Icon /> Delete
        </Button>
      </header>
      {exportError && <QueryError title="The suite could not be exported" error={exportError} />}
      {remove.isError && <QueryError title="The suite could not be deleted" error={remove.error} />}

      <section className="flex flex-col gap-1" data-testid="suite-cases">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Cases</h3>
        {cases.isError ? (
          <QueryError title="Could not load the cases" error={cases.error} onRetry={() => void cases.refetch()} />
        ) : cases.isPending ? (
          <p className="text-xs text-muted-foreground">Loading…</p>
        ) : s.caseIds.length === 0 ? (
          <p className="text-xs text-muted-foreground">No cases in this suite.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {suiteCases(s.caseIds, cases.data).map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  data-testid="case-row"
                  onClick={() => navigate({ caseId: c.id })}
                  className="flex w-full min-w-0 flex-wrap items-center gap-2 px-3 py-2 text-left text-sm hover:bg-accent/50"
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
                  <Badge variant="outline">{c.protocol}</Badge>
                  <span className="text-xs text-muted-foreground">
                    {c.assertions.length === 0 ? "no assertions" : c.assertions.map((a) => ASSERTION_LABEL[a.type]).join(", ")}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <RunHistory
        runs={runs}
        baselineId={s.baselineRunId ?? null}
        onOpen={(runId) => navigate({ runId, baselineId: s.baselineRunId && s.baselineRunId !== runId ? s.baselineRunId : null })}
      />
      {running && (
        <RunDialog
          suite={s}
          onClose={() => setRunning(false)}
          onStarted={(runId) => {
            setRunning(false);
            navigate({ runId, baselineId: s.baselineRunId ?? null });
          }}
        />
      )}
    </div>
  );
}
