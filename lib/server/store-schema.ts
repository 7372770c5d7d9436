import "server-only";
import type { Entry } from "@/lib/contracts/entries";

/** The SQLite tables of Loupe's store (store.ts) and how an entry row maps to an Entry. */

export interface EntryRow {
  seq: number;
  connection_id: string;
  session_key: string | null;
  received_at: number;
  source_time: number | null;
  direction: Entry["direction"];
  protocol: Entry["protocol"];
  kind: string;
  raw: string;
  raw_bytes: number;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS connections (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  builtin INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  connection_id TEXT NOT NULL,
  session_key TEXT,
  received_at INTEGER NOT NULL,
  source_time INTEGER,
  direction TEXT NOT NULL,
  protocol TEXT NOT NULL,
  kind TEXT NOT NULL,
  raw TEXT NOT NULL,
  raw_bytes INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_connection ON entries (connection_id, seq);
-- Retention by age (lib/server/retention.ts) searches this instead of reading every entry hourly.
CREATE INDEX IF NOT EXISTS entries_received ON entries (received_at);
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
-- Playground conversations and their columns (lib/server/playground/conversation-store.ts); what
-- the models saw and said is in the entries (protocol 'playground'), which retention keeps while
-- the conversation exists (retention.ts): a column's history is rebuilt from them.
CREATE TABLE IF NOT EXISTS playground_conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  settings TEXT NOT NULL,
  messages TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS playground_columns (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  config TEXT NOT NULL,
  turns INTEGER NOT NULL,
  usage TEXT NOT NULL,
  cost_usd REAL,
  cost_unknown INTEGER NOT NULL DEFAULT 0,
  last_status TEXT NOT NULL DEFAULT 'idle',
  running_turn TEXT
);
CREATE INDEX IF NOT EXISTS playground_columns_conversation ON playground_columns (conversation_id, position);
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
-- Imported bundles (lib/server/bundles/): the validated file whole and its list row; written in one
-- INSERT, so a failed import stores nothing.
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
CREATE TABLE IF NOT EXISTS bundles (
  id TEXT PRIMARY KEY,
  summary TEXT NOT NULL,
  json TEXT NOT NULL,
  imported_at INTEGER NOT NULL
);
`;

export function rowToEntry(row: EntryRow): Entry {
  return {
    seq: row.seq,
    connectionId: row.connection_id,
    sessionKey: row.session_key,
    receivedAt: row.received_at,
    sourceTime: row.source_time,
    direction: row.direction,
    protocol: row.protocol,
    kind: row.kind,
    raw: JSON.parse(row.raw) as unknown,
    rawBytes: row.raw_bytes,
  };
}
