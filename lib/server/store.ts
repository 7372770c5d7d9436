import "server-only";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import Database from "better-sqlite3";
import { prepareDataDir, tightenDatabaseFiles } from "@/lib/server/data-dir";
import { homedir } from "node:os";
import path from "node:path";
import type { CallRecord } from "@/lib/contracts/calls";
import { normalizeStoredCall } from "@/lib/contracts/calls";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import type { OAuthRecord } from "@/lib/server/mcp/oauth/record";
import { SCHEMA, rowToEntry, type EntryRow } from "@/lib/server/store-schema";
import { resultFromFrame, type ResultRef } from "@/lib/server/mcp/result-ref";
import { GroupCommit } from "@/lib/server/group-commit";

/** A call row: the record, or the record pointing at the response frame entry that holds its result. */
type StoredCall = CallRecord & { resultRef?: ResultRef };

/** An entry before the store gives it its seq. */
export type NewEntry = Omit<Entry, "seq" | "rawBytes" | "truncated">;

/** SQLite persistence for connections, the raw entry record and the call history. */
export class Store {
  readonly db: Database.Database;
  readonly file: string;
  /** Compiled once per SQL text: preparing again on every call cost more than the write itself. */
  private readonly statements = new Map<string, Database.Statement>();
  /** The JSON text of the entry written last, so a preview of it needs no second serialization. */
  private lastRaw: { seq: number; text: string } | null = null;
  /** Entries and call rows commit together a few milliseconds later (group-commit.ts). */
  private readonly batch: GroupCommit;

  constructor(dir: string) {
    this.file = path.join(dir, "loupe.db");
    this.batch = new GroupCommit(
      this.file,
      (sql) => this.prepare(sql),
      () => this.db,
    );
    try {
      prepareDataDir(dir, this.file);
      this.db = new Database(this.file);
      this.db.pragma("journal_mode = WAL");
      tightenDatabaseFiles(this.file);
      this.db.pragma("synchronous = NORMAL");
      this.db.exec(SCHEMA);
    } catch (error) {
      this.batch.close();
      throw error;
    }
    this.failInterruptedCalls();
  }

  /** Runs writes that belong together (a call row and its entry) in the group commit: GroupCommit.grouped. */
  grouped<T>(fn: () => T): T {
    return this.batch.grouped(fn);
  }

  /** Commits the pending group commit at once. */
  flush(): void {
    this.batch.flush();
  }

  /** The prepared statement for `sql`, compiled on first use and reused afterwards. */
  prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // ── connections ────────────────────────────────────────────────────────────
  listConnections(): ConnectionConfig[] {
    const rows = this.prepare("SELECT config FROM connections ORDER BY created_at, id").all() as { config: string }[];
    return rows.map((r) => JSON.parse(r.config) as ConnectionConfig);
  }

  getConnection(id: string): ConnectionConfig | undefined {
    const row = this.prepare("SELECT config FROM connections WHERE id = ?").get(id) as { config: string } | undefined;
    return row ? (JSON.parse(row.config) as ConnectionConfig) : undefined;
  }

  saveConnection(config: ConnectionConfig): void {
    this.prepare(
      `INSERT INTO connections (id, config, builtin, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET config = excluded.config, builtin = excluded.builtin`,
    ).run(config.id, JSON.stringify(config), config.builtin ? 1 : 0, config.createdAt);
  }

  deleteConnection(id: string): void {
    this.db.transaction(() => {
      this.prepare("DELETE FROM connections WHERE id = ?").run(id);
      this.prepare("DELETE FROM calls WHERE connection_id = ?").run(id);
      this.prepare("DELETE FROM oauth WHERE connection_id = ?").run(id);
      this.prepare("DELETE FROM mcp_requests WHERE connection_id = ?").run(id);
      this.prepare("DELETE FROM mcp_tasks WHERE connection_id = ?").run(id);
    })();
  }

  // ── entries ────────────────────────────────────────────────────────────────
  insertEntry(entry: NewEntry): Entry {
    const raw = JSON.stringify(entry.raw ?? null);
    const rawBytes = Buffer.byteLength(raw);
    const row = [
      entry.connectionId,
      entry.sessionKey,
      entry.receivedAt,
      entry.sourceTime,
      entry.direction,
      entry.protocol,
      entry.kind,
      raw,
      rawBytes,
    ];
    const columns = "connection_id, session_key, received_at, source_time, direction, protocol, kind, raw, raw_bytes";
    const info = this.batch.write(
      () => this.prepare(`INSERT INTO entries (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...row),
      // Written again under the same seq (group-commit.ts): a reader may already have it.
      (done) => () =>
        this.prepare(`INSERT OR REPLACE INTO entries (seq, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
          done.lastInsertRowid,
          ...row,
        ),
    );
    const seq = Number(info.lastInsertRowid);
    // Kept only when large: previews are made only of entries over ENTRY_PREVIEW_BYTES.
    this.lastRaw = rawBytes > ENTRY_PREVIEW_BYTES ? { seq, text: raw } : null;
    return { ...entry, seq, rawBytes };
  }

  /** The JSON text of entry `seq` if it is the one just written, else undefined. */
  lastRawText(seq: number): string | undefined {
    return this.lastRaw?.seq === seq ? this.lastRaw.text : undefined;
  }

  getEntry(seq: number): Entry | undefined {
    const row = this.prepare("SELECT * FROM entries WHERE seq = ?").get(seq) as EntryRow | undefined;
    return row ? rowToEntry(row) : undefined;
  }

  /** Entries with seq > afterSeq, ascending. */
  entriesAfter(afterSeq: number, limit: number): Entry[] {
    const rows = this.prepare("SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?").all(afterSeq, limit) as EntryRow[];
    return rows.map(rowToEntry);
  }

  /** The last `limit` entries of a connection before `beforeSeq`, returned ascending. */
  connectionEntries(connectionId: string, beforeSeq: number | undefined, limit: number): Entry[] {
    const rows = this.prepare(`SELECT * FROM entries WHERE connection_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`).all(
      connectionId,
      beforeSeq ?? Number.MAX_SAFE_INTEGER,
      limit,
    ) as EntryRow[];
    return rows.reverse().map(rowToEntry);
  }

  /** The last `limit` entries of some kinds of a connection before `beforeSeq`, ascending. */
  connectionEntriesOfKinds(connectionId: string, kinds: readonly string[], beforeSeq: number | undefined, limit: number): Entry[] {
    const marks = kinds.map(() => "?").join(", ");
    const rows = this.prepare(
      `SELECT * FROM entries WHERE connection_id = ? AND kind IN (${marks}) AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ).all(connectionId, ...kinds, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit) as EntryRow[];
    return rows.reverse().map(rowToEntry);
  }

  maxSeq(): number {
    const row = this.prepare("SELECT MAX(seq) AS m FROM entries").get() as { m: number | null };
    return row.m ?? 0;
  }

  // ── calls ──────────────────────────────────────────────────────────────────
  /**
   * `resultRef`: the response frame entry that holds this call's result (result-ref.ts). A large
   * result is then stored once, in that frame, and the call row points at it (`resultRef`, never
   * part of a CallRecord outside the store); retention keeps such frames (retention.ts).
   */
  saveCall(record: CallRecord, resultRef?: ResultRef): void {
    const stored: StoredCall = resultRef && record.result !== undefined ? { ...record, result: undefined, resultRef } : record;
    const row = [record.id, record.connectionId, record.tool, record.startedAt, JSON.stringify(stored)];
    const write = () =>
      void this.prepare(
        `INSERT INTO calls (id, connection_id, tool, started_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      ).run(...row);
    this.batch.write(write, () => write);
  }

  getCall(id: string): CallRecord | undefined {
    const row = this.prepare("SELECT record FROM calls WHERE id = ?").get(id) as { record: string } | undefined;
    if (!row) return undefined;
    const { resultRef, ...stored } = JSON.parse(row.record) as StoredCall;
    const call = normalizeStoredCall(stored);
    if (resultRef === undefined) return call;
    const frame = this.prepare("SELECT raw FROM entries WHERE seq = ?").get(resultRef.seq) as { raw: string } | undefined;
    const result = frame ? resultFromFrame((JSON.parse(frame.raw) as { result?: unknown }).result, resultRef.keys) : undefined;
    return result !== undefined ? { ...call, result } : { ...call, resultOmitted: true };
  }

  /** Newest first. */
  listCalls(connectionId: string, opts: { tool?: string; limit?: number } = {}): CallRecord[] {
    const limit = opts.limit ?? 50;
    const rows = (
      opts.tool === undefined
        ? this.prepare("SELECT record FROM calls WHERE connection_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?").all(
            connectionId,
            limit,
          )
        : this.prepare("SELECT record FROM calls WHERE connection_id = ? AND tool = ? ORDER BY started_at DESC, rowid DESC LIMIT ?").all(
            connectionId,
            opts.tool,
            limit,
          )
    ) as { record: string }[];
    // A history of multi-MB results would be heavy in the browser: a large result stays out of
    // the list (resultOmitted) and is fetched with the one call when the user opens it. A small
    // one is read from the response frame its row points at.
    return rows.map((r) => {
      const { resultRef, ...stored } = JSON.parse(r.record) as StoredCall;
      const call = normalizeStoredCall(stored);
      if (resultRef !== undefined) {
        const frame = this.prepare("SELECT raw FROM entries WHERE seq = ? AND raw_bytes <= ?").get(resultRef.seq, ENTRY_PREVIEW_BYTES) as
          { raw: string } | undefined;
        const result = frame ? resultFromFrame((JSON.parse(frame.raw) as { result?: unknown }).result, resultRef.keys) : undefined;
        return result !== undefined ? { ...call, result } : { ...call, resultOmitted: true };
      }
      return r.record.length > ENTRY_PREVIEW_BYTES && call.result !== undefined
        ? { ...call, result: undefined, resultOmitted: true }
        : call;
    });
  }

  // ── oauth (tokens and client secrets: server-side only, never in entries) ──
  getOAuth(connectionId: string): OAuthRecord {
    const row = this.prepare("SELECT data FROM oauth WHERE connection_id = ?").get(connectionId) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as OAuthRecord) : {};
  }

  saveOAuth(connectionId: string, record: OAuthRecord): void {
    this.prepare(
      `INSERT INTO oauth (connection_id, data, pending_state, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(connection_id) DO UPDATE SET data = excluded.data, pending_state = excluded.pending_state, updated_at = excluded.updated_at`,
    ).run(connectionId, JSON.stringify(record), record.pending?.state ?? null, Date.now());
  }

  /** The connection whose pending authorization carries this `state`. */
  oauthByState(state: string): { connectionId: string; record: OAuthRecord } | undefined {
    const row = this.prepare("SELECT connection_id, data FROM oauth WHERE pending_state = ?").get(state) as
      { connection_id: string; data: string } | undefined;
    return row ? { connectionId: row.connection_id, record: JSON.parse(row.data) as OAuthRecord } : undefined;
  }

  close(): void {
    this.batch.close();
    this.db.close();
  }

  /** A call still "running" in the file was cut off when Loupe stopped; it can never finish. */
  private failInterruptedCalls(): void {
    const rows = this.prepare("SELECT record FROM calls WHERE json_extract(record, '$.status') = 'running'").all() as { record: string }[];
    for (const row of rows) {
      const record = JSON.parse(row.record) as CallRecord;
      this.saveCall({
        ...record,
        status: "failed",
        endedAt: record.endedAt ?? Date.now(),
        error: { code: "internal:loupe_restarted", message: "Loupe stopped before the call finished" },
      });
    }
  }
}

export function dataDir(): string {
  return process.env.LOUPE_DATA_DIR ?? path.join(homedir(), ".loupe");
}

export function openStore(dir: string): Store {
  return new Store(dir);
}

const STORE_KEY = Symbol.for("loupe.store");
type StoreGlobal = typeof globalThis & { [STORE_KEY]?: Store };

/** The process-wide store, created on first use (survives dev hot reload on globalThis). */
export function getStore(): Store {
  const g = globalThis as StoreGlobal;
  g[STORE_KEY] ??= openStore(dataDir());
  return g[STORE_KEY];
}
