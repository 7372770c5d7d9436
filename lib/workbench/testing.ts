import type { LocationPart } from "@/lib/workbench/location-part";

/**
 * The Tests view's part of the workbench URL (issue 24: saved cases, suites and runs):
 *   ?view=tests[&suite=<suite id>[&case=<case id>][&run=<run id>[&base=<baseline run id>]]]
 *   ?view=tests&eval=<model eval id>
 * A case and a run are read inside their suite; a baseline only beside the run it is compared with;
 * a model eval (prompts and the tool calls they should lead to, run on several models) on its own.
 */
export interface TestsLocation {
  /** ?suite=: the open suite. */
  suiteId: string | null;
  /** ?case=: the open case of that suite (its inputs, recording and assertions). */
  caseId: string | null;
  /** ?run=: the open run of that suite (its results). */
  runId: string | null;
  /** ?base=: the run the open run is diffed against. */
  baselineId: string | null;
  /** ?eval=: the open model eval (its prompts, its last run and its history); never beside a suite. */
  evalId: string | null;
}

export const testsLocation: LocationPart<TestsLocation, "tests"> = {
  view: "tests",
  key: null,
  empty: { suiteId: null, caseId: null, runId: null, baselineId: null, evalId: null },
  // Another suite, case or run is a page to go back to; a baseline is a choice inside the run.
  views: ["suiteId", "caseId", "runId", "evalId"],
  read: (params) => ({
    suiteId: params.get("suite"),
    caseId: params.get("case"),
    runId: params.get("run"),
    baselineId: params.get("base"),
    evalId: params.get("eval"),
  }),
  write: (l, set) => {
    set("suite", l.suiteId);
    set("case", l.caseId);
    set("run", l.runId);
    set("base", l.baselineId);
    set("eval", l.evalId);
  },
  normalize: (l) => {
    const suiteId = l.suiteId;
    const runId = suiteId ? l.runId : null;
    return {
      suiteId,
      caseId: suiteId ? l.caseId : null,
      runId,
      baselineId: runId && l.baselineId !== runId ? l.baselineId : null,
      evalId: suiteId ? null : l.evalId,
    };
  },
  // Inside the view a patch may name any of its fields; another suite starts without the previous one's case or run.
  open: (from, patch, { leaves }) => {
    const inTests = from.view === "tests";
    const names = "suiteId" in patch || "caseId" in patch || "runId" in patch || "baselineId" in patch || "evalId" in patch;
    if (patch.view !== "tests" && !(inTests && !leaves && names)) return null;
    const kept = inTests ? from : testsLocation.empty;
    // An eval opens alone: the suite closes; a suite closes the eval.
    const evalId = "evalId" in patch ? (patch.evalId ?? null) : "suiteId" in patch ? null : kept.evalId;
    const suiteId = "suiteId" in patch ? (patch.suiteId ?? null) : evalId ? null : kept.suiteId;
    const sameSuite = suiteId === kept.suiteId;
    const runId = "runId" in patch ? (patch.runId ?? null) : sameSuite ? kept.runId : null;
    return {
      suiteId,
      caseId: "caseId" in patch ? (patch.caseId ?? null) : sameSuite ? kept.caseId : null,
      runId,
      baselineId: "baselineId" in patch ? (patch.baselineId ?? null) : sameSuite && runId === kept.runId ? kept.baselineId : null,
      evalId: suiteId ? null : evalId,
    };
  },
};
