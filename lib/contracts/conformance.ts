import { z } from "zod";

/**
 * The official MCP conformance suite's *server* scenarios run against an HTTP connection
 * (@modelcontextprotocol/conformance, `conformance server --url …`). Loupe keeps the last few
 * runs per connection; each check is what the suite wrote in its per-scenario checks.json.
 */
export const ConformanceRevision = z.enum(["2025-11-25", "2026-07-28"]);
export type ConformanceRevision = z.infer<typeof ConformanceRevision>;
export const CONFORMANCE_REVISIONS = ConformanceRevision.options;

/** Scenario names as the suite spells them (kebab-case, never a path). */
const ScenarioName = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, "not a scenario name");

/** POST /api/connections/:id/conformance — a whole requirement set, or one scenario of it. */
export const StartConformanceBody = z.object({
  revision: ConformanceRevision,
  scenario: ScenarioName.optional(),
});
export type StartConformanceBody = z.infer<typeof StartConformanceBody>;

/** GET …/conformance/scenarios?revision= */
export const ScenariosQuery = z.object({ revision: ConformanceRevision });

/** The suite's check statuses (it also writes SKIPPED); anything else is kept as reported. */
export type CheckStatus = "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED" | (string & {});

export interface SpecReference {
  id: string;
  url?: string;
}

export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  status: CheckStatus;
  /** The suite's errorMessage (absent on success). */
  message?: string;
  timestamp?: string;
  specReferences: SpecReference[];
  /**
   * What the suite recorded behind the check (`details`: results, HTTP status and headers, SSE
   * events, schema violations with the offending message…). The suite keeps no full transcript.
   */
  details?: unknown;
  logs?: string[];
}

export interface ScenarioCounts {
  success: number;
  failure: number;
  warning: number;
  info: number;
  skipped: number;
}

export interface ConformanceScenarioResult {
  scenario: string;
  /** False for scenarios the suite runs but does not score at this revision (pending, extension…). */
  scored: boolean;
  notScoredReason?: string;
  /** The suite's rule: passed when no FAILURE or WARNING check (and at least one check). */
  outcome: "passed" | "failed";
  counts: ScenarioCounts;
  checks: ConformanceCheck[];
}

export const RUN_STATUSES = ["running", "passed", "failed", "cancelled", "timed_out", "error", "interrupted"] as const;
export type ConformanceRunStatus = (typeof RUN_STATUSES)[number];

export interface ConformanceProgress {
  /** 1-based index of the scenario running now (or the last one when finished). */
  index: number;
  total: number;
  current: string | null;
}

/** Which of the connection's credentials the suite's requests carry (see runner for why none). */
export interface ConformanceAuthNote {
  /** Names of the connection's static headers (values never leave the server). */
  headerNames: string[];
  hasOAuthToken: boolean;
  carried: false;
}

export interface ConformanceRun {
  id: string;
  /** With several instances on one database (issue 25): the instance running it (the connection's holder). */
  instance?: string;
  connectionId: string;
  revision: ConformanceRevision;
  /** One scenario, or null for the revision's whole requirement set. */
  scenario: string | null;
  url: string;
  status: ConformanceRunStatus;
  startedAt: number;
  finishedAt?: number;
  progress: ConformanceProgress;
  scenarios: ConformanceScenarioResult[];
  auth: ConformanceAuthNote;
  /** Why it ended as error / timed_out / interrupted, or the suite's own complaint. */
  error?: string;
  exitCode?: number | null;
  /** The last lines the suite printed (for a run that produced no results). */
  outputTail?: string;
}

export interface ConformanceScenarioList {
  revision: ConformanceRevision;
  /** Server scenarios the revision requires (scored). */
  required: string[];
  /** Server scenarios run and reported but never scored, with the suite's reason. */
  notScored: { scenario: string; reason: string }[];
}

export interface ConformanceState {
  /** The run going now, if any (one at a time per connection). */
  active: ConformanceRun | null;
  /** Kept runs, newest first (the active one included). */
  runs: ConformanceRun[];
}

export function isFinished(status: ConformanceRunStatus): boolean {
  return status !== "running";
}

/** Where the suite stands on this machine (GET /api/conformance/suite; issue 22: a GET never installs). */
export const SUITE_STATUSES = ["installed", "missing", "installing", "failed"] as const;
export type ConformanceSuiteStatus = (typeof SUITE_STATUSES)[number];

export interface ConformanceSuiteState {
  status: ConformanceSuiteStatus;
  /** The install in use, when installed. */
  dir: string | null;
  /** Where Loupe looks for it, in order (the repository's conformance/, then Loupe's data folder). */
  looked: string[];
  /** Where Install puts it: Loupe's data folder, never Loupe's own. */
  installDir: string;
  /** npm's last output lines while installing, or of the install that failed (bounded). */
  lines: string[];
  /** Why the last install failed, in words. */
  error: string | null;
  /** The command that installs it by hand. */
  manual: string;
}
