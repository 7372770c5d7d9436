"use client";

import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { SAVE_CASE_LABEL } from "@/components/elements/save-case";
import { SAVE_CASE_PLACES } from "@/components/protocols/registry";
import { SuiteList } from "./suite-list";
import { SuitePane } from "./suite-pane";
import { CasePane } from "./case-pane";
import { RunPane } from "./run-pane";
import { ModelEvalList } from "./model-evals/model-eval-list";
import { ModelEvalPane } from "./model-evals/model-eval-pane";

/**
 * ?view=tests (issue 24): the saved suites on the left; on the right what the URL opens — a case
 * (its recording and assertions), a run (its results and the diff to a baseline) or a suite (its
 * cases and run history); below the suites the model evals, one of which opens on its own.
 */
export function TestsMain({ location, navigate }: WorkbenchPaneProps) {
  const { suiteId, caseId, runId, baselineId, evalId } = location;
  return (
    <div className="flex min-h-0 flex-1" data-testid="tests-view">
      <div className="flex w-56 shrink-0 flex-col overflow-y-auto border-r">
        <SuiteList selected={suiteId} onOpen={(id) => navigate({ suiteId: id, caseId: null, runId: null })} />
        <div className="border-t p-2">
          <ModelEvalList selected={evalId} onOpen={(id) => navigate({ evalId: id })} />
        </div>
      </div>
      <div className="min-w-0 flex-1 overflow-y-auto p-4">
        {evalId !== null ? (
          <ModelEvalPane key={evalId} evalId={evalId} navigate={navigate} />
        ) : suiteId === null ? (
          <TestsIntro />
        ) : caseId !== null ? (
          <CasePane key={caseId} suiteId={suiteId} caseId={caseId} navigate={navigate} />
        ) : runId !== null ? (
          <RunPane key={runId} suiteId={suiteId} runId={runId} baselineId={baselineId} navigate={navigate} />
        ) : (
          <SuitePane key={suiteId} suiteId={suiteId} navigate={navigate} />
        )}
      </div>
    </div>
  );
}

/** "a, b or c": where a case can be saved from, as each protocol's descriptor says. */
const SAVE_CASE_WHERE = new Intl.ListFormat("en", { type: "disjunction" }).format(SAVE_CASE_PLACES);

export function TestsIntro() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-2 pt-8 text-sm text-muted-foreground" data-testid="tests-intro">
      <h2 className="text-base font-semibold text-foreground">Tests</h2>
      <p>
        Keep what you inspected as a case you can run again: use <strong>{SAVE_CASE_LABEL}</strong> {SAVE_CASE_WHERE}.
      </p>
      <p>A case keeps its inputs, the human answers given at each pause and what came back; its assertions say what must hold.</p>
      <p>Pick a suite on the left to run it, or import a suite file.</p>
      <p>
        A <strong>model eval</strong> asks whether models call an MCP server&apos;s tools as they should: prompts, the tool calls each
        should lead to, run on several models through the playground&apos;s providers (the scripted model works offline), accuracy per model
        and per tool, run after run.
      </p>
    </div>
  );
}
