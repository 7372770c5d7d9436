import "server-only";

/** LangGraph's SQLite tables, created with the store (lib/server/protocols/tables.ts). */
export const LANGGRAPH_TABLES = `
-- LangGraph deployments (PeerTable), runs Loupe started, and interrupts it knows of (lib/server/langgraph/).
CREATE TABLE IF NOT EXISTS langgraph_deployments (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS langgraph_runs (
  id TEXT PRIMARY KEY,
  deployment_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS langgraph_runs_thread ON langgraph_runs (deployment_id, thread_id, started_at);
-- Threads Loupe has seen (started, opened or found interrupted): what the session search looks in.
CREATE TABLE IF NOT EXISTS langgraph_threads (
  deployment_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (deployment_id, thread_id)
);
CREATE TABLE IF NOT EXISTS langgraph_requests (
  id TEXT PRIMARY KEY,
  deployment_id TEXT NOT NULL,
  thread_id TEXT NOT NULL,
  interrupt_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS langgraph_requests_interrupt ON langgraph_requests (deployment_id, thread_id, interrupt_id);
`;
