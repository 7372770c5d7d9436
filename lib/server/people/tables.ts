import "server-only";

/**
 * Team mode's tables (issue 25), created with the store whenever it opens (lib/server/store-schema.ts),
 * on SQLite and PostgreSQL alike: sign-in sessions and the sign-ins under way (both referenced by the
 * SHA-256 of their secret, never the secret), service tokens (hashed), and the audit log.
 */
export const PEOPLE_TABLES = `
CREATE TABLE IF NOT EXISTS people_sessions (
  id_hash TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  role TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS people_sessions_expiry ON people_sessions (expires_at);
CREATE INDEX IF NOT EXISTS people_sessions_subject ON people_sessions (subject, created_at);
CREATE TABLE IF NOT EXISTS people_logins (
  state_hash TEXT PRIMARY KEY,
  verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  return_to TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS service_tokens (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  last_used_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS service_tokens_secret ON service_tokens (secret_hash);
CREATE TABLE IF NOT EXISTS audit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_kind TEXT NOT NULL,
  role TEXT,
  source TEXT NOT NULL,
  request_id TEXT NOT NULL,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS audit_events_at ON audit_events (at);
-- A request is raised once: the sweep (lib/server/people/audit-log.ts) inserts it with OR IGNORE.
CREATE UNIQUE INDEX IF NOT EXISTS audit_events_raised ON audit_events (source, request_id) WHERE kind = 'raised';
`;
