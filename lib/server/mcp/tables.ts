import "server-only";

/**
 * MCP's SQLite tables, created with the store whenever it opens (lib/server/protocols/tables.ts
 * lists every protocol's): saved connections, the call history, OAuth state, server → client
 * requests, tasks and conformance runs. The tap keeps its own (tap/store.ts).
 */
export const MCP_TABLES = `
CREATE TABLE IF NOT EXISTS connections (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS calls (
  id TEXT PRIMARY KEY,
  connection_id TEXT NOT NULL,
  tool TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS calls_connection_tool ON calls (connection_id, tool, started_at);
CREATE INDEX IF NOT EXISTS calls_connection_started ON calls (connection_id, started_at);
-- A large result is stored once, in its response frame; the call row points at it (CallStore.save,
-- lib/server/mcp/call-store.ts) and retention keeps the frames so pointed at.
CREATE INDEX IF NOT EXISTS calls_result_ref ON calls (json_extract(record, '$.resultRef.seq'))
  WHERE json_extract(record, '$.resultRef.seq') IS NOT NULL;
CREATE TABLE IF NOT EXISTS oauth (
  connection_id TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  pending_state TEXT,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS oauth_pending_state ON oauth (pending_state);
-- Server → client requests (sampling, elicitation) and task records: history that outlives
-- Loupe's process (lib/server/mcp/requests/request-store.ts, lib/server/mcp/tasks/task-store.ts).
CREATE TABLE IF NOT EXISTS mcp_requests (
  id TEXT PRIMARY KEY,
  connection_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS mcp_requests_connection ON mcp_requests (connection_id, created_at);
CREATE INDEX IF NOT EXISTS mcp_requests_status ON mcp_requests (status);
CREATE TABLE IF NOT EXISTS mcp_tasks (
  connection_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (connection_id, task_id)
);
-- The last few conformance suite runs per connection (lib/server/mcp/conformance/run-store.ts).
CREATE TABLE IF NOT EXISTS conformance_runs (
  id TEXT PRIMARY KEY,
  connection_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS conformance_runs_connection ON conformance_runs (connection_id, started_at);
-- Surface snapshots (issue 24): the newest few per connection (lib/server/mcp/surface/snapshot-store.ts).
CREATE TABLE IF NOT EXISTS surface_snapshots (
  id TEXT PRIMARY KEY,
  connection_id TEXT NOT NULL,
  taken_at INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS surface_snapshots_connection ON surface_snapshots (connection_id, taken_at);
`;
