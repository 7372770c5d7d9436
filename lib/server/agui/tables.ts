import "server-only";

/** AG-UI's SQLite tables, created with the store (lib/server/protocols/tables.ts). */
export const AGUI_TABLES = `
-- AG-UI agents, threads (messages + state Loupe keeps), runs and human requests (lib/server/agui/agui-store.ts).
CREATE TABLE IF NOT EXISTS agui_agents (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS agui_threads (
  agent_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (agent_id, thread_id)
);
CREATE TABLE IF NOT EXISTS agui_runs (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agui_runs_thread ON agui_runs (agent_id, thread_id, started_at);
CREATE TABLE IF NOT EXISTS agui_requests (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agui_requests_thread ON agui_requests (agent_id, thread_id, created_at);
`;
