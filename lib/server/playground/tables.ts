import "server-only";

/** The playground's SQLite tables, created with the store (lib/server/protocols/tables.ts). */
export const PLAYGROUND_TABLES = `
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
`;
