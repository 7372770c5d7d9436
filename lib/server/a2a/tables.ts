import "server-only";

/** A2A's SQLite tables, created with the store (lib/server/protocols/tables.ts). */
export const A2A_TABLES = `
-- A2A agents (lib/server/a2a/): saved agents (headers in clear; views mask them), Loupe's record
-- of every task seen, the human requests (input-required / auth-required) and push webhooks.
CREATE TABLE IF NOT EXISTS a2a_agents (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS a2a_tasks (
  agent_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  context_id TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (agent_id, task_id)
);
CREATE TABLE IF NOT EXISTS a2a_requests (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS a2a_push (
  push_id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  token TEXT NOT NULL,
  record TEXT NOT NULL
);
-- Each webhook's count of received updates, apart from its record: instances add one to it in the
-- database (received = received + 1), never by writing back a count they read. A table of its own
-- rather than a column of a2a_push: a new table reaches an existing store at its next open, on
-- SQLite and PostgreSQL alike. A webhook with no row yet counts what its record says (older Loupe).
CREATE TABLE IF NOT EXISTS a2a_push_counts (
  push_id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  received INTEGER NOT NULL
);
`;
