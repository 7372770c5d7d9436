import { z } from "zod";
import { assertionResultSchema } from "@/lib/contracts/testing/assertions";
import { caseOutcomeSchema, caseTargetSchema } from "@/lib/contracts/testing/case";

/**
 * Suites, runs and results (issue 24). A run replays every case of a suite `repetitions` times;
 * each replay is one CaseResult; a case whose replays disagree is flaky.
 */

export const MAX_SUITE_CASES = 1000;
export const MAX_REPETITIONS = 20;
/** Runs kept per suite: older ones are pruned, except a run chosen as the baseline. */
export const MAX_RUNS_PER_SUITE = 50;

export const suiteBodySchema = z.object({
  name: z.string().min(1).max(300),
  caseIds: z.array(z.string().min(1).max(200)).max(MAX_SUITE_CASES).default([]),
  /** The target cases run against unless a run names another (absent: each case's own). */
  defaultTarget: caseTargetSchema.optional(),
  repetitions: z.number().int().min(1).max(MAX_REPETITIONS).default(1),
  /** Cases replayed at once. */
  concurrency: z.number().int().min(1).max(16).default(4),
  /** Per-case timeout (ms) when the case names none. */
  timeoutMs: z.number().int().min(100).max(3_600_000).default(60_000),
  /** The run a new run is diffed against by default. */
  baselineRunId: z.string().optional(),
});
export type SuiteBody = z.infer<typeof suiteBodySchema>;
export type SuiteBodyInput = z.input<typeof suiteBodySchema>;

export const suiteSchema = suiteBodySchema.extend({ id: z.string(), createdAt: z.number(), updatedAt: z.number() });
export type Suite = z.infer<typeof suiteSchema>;

/** `POST /api/tests/suites/:id/runs`. */
export const runRequestSchema = z.object({
  target: caseTargetSchema.optional(),
  repetitions: z.number().int().min(1).max(MAX_REPETITIONS).optional(),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

/** pass: every assertion passed (or was skipped); fail: one failed, or a pause went wrong; error: it could not run. */
export const CASE_STATUSES = ["pass", "fail", "error"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** One replay of one case. */
export const caseResultSchema = z.object({
  caseId: z.string(),
  caseName: z.string(),
  repetition: z.number().int().nonnegative(),
  status: z.enum(CASE_STATUSES),
  /** Why, in words: the first failure ("the agent paused for credential where the case expected confirmation"). */
  reason: z.string(),
  /** Failures of the pause script (unexpected pause, pause that never came, answer refused), in words. */
  pauseFailures: z.array(z.string()).default([]),
  assertions: z.array(assertionResultSchema),
  outcome: caseOutcomeSchema,
  durationMs: z.number(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

/** One case across its repetitions: its status is the worst, flaky when they disagree. */
export const caseSummarySchema = z.object({
  caseId: z.string(),
  caseName: z.string(),
  status: z.enum(CASE_STATUSES),
  flaky: z.boolean(),
  passed: z.number().int(),
  total: z.number().int(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const RUN_STATUSES = ["running", "passed", "failed", "error", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const runSchema = z.object({
  id: z.string(),
  suiteId: z.string(),
  suiteName: z.string(),
  target: caseTargetSchema.optional(),
  repetitions: z.number().int(),
  status: z.enum(RUN_STATUSES),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  cases: z.array(caseSummarySchema),
  results: z.array(caseResultSchema),
  /** Set when the run could not start or stopped as a whole (in words). */
  error: z.string().optional(),
  /** With several instances on one database (issue 25): the instance running it. */
  instance: z.string().optional(),
});
export type Run = z.infer<typeof runSchema>;
/** A run in a history list, without its per-replay results. */
export type RunSummary = Omit<Run, "results">;

/** How a case moved between a baseline run and this one. */
export const CASE_CHANGES = ["newly_failing", "fixed", "still_failing", "still_passing", "changed", "added", "removed"] as const;
export type CaseChange = (typeof CASE_CHANGES)[number];

export const runDiffSchema = z.object({
  baseRunId: z.string(),
  runId: z.string(),
  cases: z.array(
    z.object({
      caseId: z.string(),
      caseName: z.string(),
      change: z.enum(CASE_CHANGES),
      base: z.enum(CASE_STATUSES).nullable(),
      current: z.enum(CASE_STATUSES).nullable(),
      /** In words: what changed ("fails: $.result…"; "still failing, for another reason: …"). */
      detail: z.string(),
    }),
  ),
  counts: z.record(z.enum(CASE_CHANGES), z.number().int()),
});
export type RunDiff = z.infer<typeof runDiffSchema>;
