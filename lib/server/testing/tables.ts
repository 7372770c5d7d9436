import "server-only";

/**
 * The tables of test cases, suites and runs, of model evals and their runs, and the scopes test replays ran in (issue 24),
 * created with the store whenever it opens (lib/server/store-schema.ts). Each row keeps its record as JSON; a run's row
 * keeps its summary, and each replay's result is a row of test_results, appended as it finishes (a run's `results`
 * column is "[]" since; a run saved by an older Loupe still has its results there).
 */
export const TESTING_TABLES = `
CREATE TABLE IF NOT EXISTS test_cases (
  id TEXT PRIMARY KEY,
  protocol TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS test_suites (
  id TEXT PRIMARY KEY,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS test_runs (
  id TEXT PRIMARY KEY,
  suite_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  summary TEXT NOT NULL,
  results TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS test_runs_suite ON test_runs (suite_id, started_at);
CREATE TABLE IF NOT EXISTS test_results (
  run_id TEXT NOT NULL,
  case_id TEXT NOT NULL,
  repetition INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS test_results_run ON test_results (run_id);
CREATE TABLE IF NOT EXISTS model_evals (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS model_eval_runs (
  id TEXT PRIMARY KEY,
  eval_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS model_eval_runs_eval ON model_eval_runs (eval_id, started_at);
CREATE TABLE IF NOT EXISTS replay_scopes (
  scope TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);
`;
