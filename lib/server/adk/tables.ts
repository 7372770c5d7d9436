import "server-only";

/**
 * ADK's SQLite tables, created with the store whenever it opens (lib/server/protocols/tables.ts
 * lists every protocol's): saved agent servers, runs, answers, unstored frames and deleted
 * sessions (agent-store.ts), and the sessions' names and labels (session-labels.ts).
 */
export const ADK_TABLES = `
CREATE TABLE IF NOT EXISTS agent_servers (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS agent_runs (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  session_key TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_runs_agent ON agent_runs (agent_id, started_at);
CREATE TABLE IF NOT EXISTS agent_answers (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  session_key TEXT NOT NULL,
  interrupt_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_answers_interrupt ON agent_answers (agent_id, session_key, interrupt_id, created_at);
-- Recorded /run_sse frames the agent server streamed but does not store (stream errors, malformed
-- lines, events of unknown shape): the session GET lists them beside the stored events.
CREATE TABLE IF NOT EXISTS agent_unstored (
  seq INTEGER PRIMARY KEY,
  agent_id TEXT NOT NULL,
  session_key TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_unstored_session ON agent_unstored (agent_id, session_key, seq);
-- Sessions deleted through Loupe: their recorded entries up to last_seq are not replayed into the
-- inbox at start (a session created again with the same id starts clean).
CREATE TABLE IF NOT EXISTS agent_deleted_sessions (
  agent_id TEXT NOT NULL,
  session_key TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (agent_id, session_key)
);
-- Names and labels a user gives ADK sessions (lib/server/adk/session-labels.ts): Loupe's own, ADK has no such field.
CREATE TABLE IF NOT EXISTS adk_session_labels (
  agent_id TEXT NOT NULL,
  app TEXT NOT NULL,
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  name TEXT,
  labels TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (agent_id, app, user_id, session_id)
);
`;
