import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import { PROTOCOL_TABLES } from "@/lib/server/protocols/tables";
import { TESTING_TABLES } from "@/lib/server/testing/tables";
import { PEOPLE_TABLES } from "@/lib/server/people/tables";

/** The SQLite tables of Loupe's store (store.ts), core and every protocol's, and how an entry row maps to an Entry. */

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

/**
 * The core tables: the entry record and the imported bundles. Each protocol declares its own in its
 * folder (lib/server/<id>/tables.ts); every store is opened with all of them.
 */
const CORE_TABLES = `
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
-- Imported bundles (lib/server/bundles/): the validated file whole and its list row; written in one
-- INSERT, so a failed import stores nothing.
CREATE TABLE IF NOT EXISTS bundles (
  id TEXT PRIMARY KEY,
  summary TEXT NOT NULL,
  json TEXT NOT NULL,
  imported_at INTEGER NOT NULL
);
-- The same bundle kept in pages (lib/server/bundles/pages.ts, issue 23): read back a page at a time.
-- A bundle imported before these tables is moved into them on its first read.
CREATE TABLE IF NOT EXISTS bundle_heads (
  bundle_id TEXT PRIMARY KEY,
  head TEXT NOT NULL,
  list_path TEXT,
  entry_count INTEGER NOT NULL,
  item_count INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS bundle_items (
  bundle_id TEXT NOT NULL,
  part INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (bundle_id, part, idx)
) WITHOUT ROWID;
-- Who answered each human request, claimed once (lib/server/inbox/answer-claims.ts); pruned by age with the traffic.
CREATE TABLE IF NOT EXISTS answer_claims (
  source TEXT NOT NULL,
  request_id TEXT NOT NULL,
  round TEXT NOT NULL,
  answered_by TEXT NOT NULL,
  answered_at INTEGER NOT NULL,
  PRIMARY KEY (source, request_id, round)
);
CREATE INDEX IF NOT EXISTS answer_claims_at ON answer_claims (answered_at);
`;

export const SCHEMA = [CORE_TABLES, TESTING_TABLES, PEOPLE_TABLES, ...Object.values(PROTOCOL_TABLES)].join("");

export function rowToEntry(row: EntryRow): Entry {
  const raw: unknown = JSON.parse(row.raw);
  return {
    seq: row.seq,
    connectionId: row.connection_id,
    sessionKey: row.session_key,
    receivedAt: row.received_at,
    sourceTime: row.source_time,
    direction: row.direction,
    protocol: row.protocol,
    kind: row.kind,
    raw,
    rawBytes: row.raw_bytes,
  };
}
