import "server-only";
import type { AgentServerInput, RunRecord, StoredAnswer, UnstoredFrame } from "@/lib/contracts/agents";
import { adkRequestId } from "@/lib/contracts/agents";
import { auditStoppedAnswer } from "@/lib/server/people/audit-log";
import type { AppErrorBody } from "@/lib/errors";
import type { PeerConfig } from "@/lib/server/peers/table";
import { PeerTable } from "@/lib/server/peers/table";
import { parseRecord, query, record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/** A saved agent server as persisted (header values in clear; views mask them). */
export type AgentServerConfig = PeerConfig<AgentServerInput>;

/** A stored ADK entry the inbox replays at startup to rebuild its interrupt trackers. */
export interface AdkEntryRow {
  seq: number;
  connectionId: string;
  sessionKey: string;
  kind: string;
  raw: unknown;
}

/** How many unstored frames one session GET carries at most (the newest). */
const UNSTORED_LIMIT = 500;

const RESTARTED = { code: "internal:loupe_restarted", message: "Loupe stopped before this finished" } as const;

/** SQLite persistence for agent servers, runs and interrupt answers. */
export class AgentStore {
  /** Saved servers; deleting one deletes its runs, answers and session records with it. */
  readonly servers: PeerTable<AgentServerConfig>;

  constructor(readonly store: Store) {
    this.servers = new PeerTable(store, {
      table: "agent_servers",
      cascade: { agent_runs: "agent_id", agent_answers: "agent_id", agent_unstored: "agent_id", agent_deleted_sessions: "agent_id" },
    });
    // On a shared store (several instances, issue 25) another instance's runs are live: the instance
    // that takes over an agent server's lease closes what its holder left (failLeftBehind).
    if (!store.engine.shared) this.failInterrupted();
  }

  private get db(): Store["db"] {
    return this.store.db;
  }

  // ── servers ────────────────────────────────────────────────────────────────
  listServers(): AgentServerConfig[] {
    return this.servers.list();
  }

  saveServer(config: AgentServerConfig): void {
    this.servers.save(config);
  }

  deleteServer(id: string): void {
    this.servers.delete(id);
  }

  // ── frames the agent server does not store ─────────────────────────────────
  markUnstored(seq: number, agentId: string, sessionKey: string): void {
    this.db.prepare("INSERT OR IGNORE INTO agent_unstored (seq, agent_id, session_key) VALUES (?, ?, ?)").run(seq, agentId, sessionKey);
  }

  /** The session's unstored frames still in the entry log, oldest first (the newest UNSTORED_LIMIT). */
  /** The session was deleted upstream: what was recorded of it so far is history, not inbox. */
  markSessionDeleted(agentId: string, sessionKey: string): void {
    this.db.transaction(() => {
      const last = query<{ seq: number }>(this.db, "SELECT COALESCE(MAX(seq), 0) AS seq FROM entries").get()?.seq ?? 0;
      this.db
        .prepare(
          `INSERT INTO agent_deleted_sessions (agent_id, session_key, last_seq) VALUES (?, ?, ?)
           ON CONFLICT(agent_id, session_key) DO UPDATE SET last_seq = excluded.last_seq`,
        )
        .run(agentId, sessionKey, last);
      this.db.prepare("DELETE FROM agent_unstored WHERE agent_id = ? AND session_key = ?").run(agentId, sessionKey);
    })();
  }

  unstoredFrames(agentId: string, sessionKey: string): UnstoredFrame[] {
    const rows = query<{ seq: number; kind: string; received_at: number; raw: string }>(
      this.db,
      `SELECT e.seq, e.kind, e.received_at, e.raw FROM agent_unstored u JOIN entries e ON e.seq = u.seq
       WHERE u.agent_id = ? AND u.session_key = ? ORDER BY u.seq DESC LIMIT ?`,
    ).all(agentId, sessionKey, UNSTORED_LIMIT);
    return rows.reverse().map((r) => ({ seq: r.seq, kind: r.kind, receivedAt: r.received_at, raw: parseRecord<unknown>(r.raw) }));
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  saveRun(run: RunRecord): void {
    this.db
      .prepare(
        `INSERT INTO agent_runs (id, agent_id, session_key, started_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      )
      .run(run.id, run.agentId, run.sessionKey, run.startedAt, JSON.stringify(run));
  }

  getRun(id: string): RunRecord | undefined {
    return record<RunRecord>(this.db, "SELECT record FROM agent_runs WHERE id = ?", id);
  }

  // ── answers ────────────────────────────────────────────────────────────────
  saveAnswer(answer: StoredAnswer): void {
    this.db
      .prepare(
        `INSERT INTO agent_answers (id, agent_id, session_key, interrupt_id, created_at, record) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      )
      .run(answer.id, answer.agentId, answer.sessionKey, answer.interruptId, answer.createdAt, JSON.stringify(answer));
  }

  getAnswer(id: string): StoredAnswer | undefined {
    return record<StoredAnswer>(this.db, "SELECT record FROM agent_answers WHERE id = ?", id);
  }

  /** The newest answer per interrupt of one agent, keyed `${sessionKey}\n${interruptKey ?? interruptId}` (inbox.ts answerKey). */
  latestAnswers(agentId: string): Map<string, StoredAnswer> {
    const out = new Map<string, StoredAnswer>();
    for (const answer of records<StoredAnswer>(
      this.db,
      "SELECT record FROM agent_answers WHERE agent_id = ? ORDER BY created_at, rowid",
      agentId,
    )) {
      out.set(`${answer.sessionKey}\n${answer.interruptKey ?? answer.interruptId}`, answer);
    }
    return out;
  }

  /** Recorded ADK events and user messages, oldest first (to rebuild interrupt trackers), but not those of deleted sessions. */
  /** `after`: only the entries past that seq (another instance's, read as they come: AdkInbox.catchUp). */
  adkEntries(agentId?: string, after = 0): AdkEntryRow[] {
    const rows = query<{ seq: number; connection_id: string; session_key: string; kind: string; raw: string }>(
      this.db,
      `SELECT seq, connection_id, session_key, kind, raw FROM entries e
       WHERE protocol = 'adk' AND kind IN ('event', 'user_message') AND session_key IS NOT NULL AND seq > ?
         ${agentId === undefined ? "" : "AND connection_id = ?"}
         AND NOT EXISTS (SELECT 1 FROM agent_deleted_sessions d
                         WHERE d.agent_id = e.connection_id AND d.session_key = e.session_key AND e.seq <= d.last_seq)
       ORDER BY seq`,
    ).all(after, ...(agentId === undefined ? [] : [agentId]));
    return rows.map((r) => ({
      seq: Number(r.seq),
      connectionId: r.connection_id,
      sessionKey: r.session_key,
      kind: r.kind,
      raw: parseRecord<unknown>(r.raw),
    }));
  }

  /** Runs and answers still in flight in the file were cut off when Loupe stopped. */
  private failInterrupted(): void {
    this.failLeftBehind(undefined, RESTARTED, () => false);
  }

  /**
   * Fails, with `error`, the runs and answers of `agentId` (every agent's when undefined) still in
   * flight in the store but not `live` here: the instance that ran them stopped. Each answer given
   * through the route gets its audit `failed` row, under who gave it. The runs failed.
   */
  failLeftBehind(agentId: string | undefined, error: AppErrorBody, live: (runId: string) => boolean): RunRecord[] {
    const mine = agentId === undefined ? "" : " AND agent_id = ?";
    const args = agentId === undefined ? [] : [agentId];
    const failed: RunRecord[] = [];
    for (const run of records<RunRecord>(
      this.db,
      `SELECT record FROM agent_runs WHERE json_extract(record, '$.status') = 'running'${mine}`,
      ...args,
    )) {
      if (live(run.id)) continue;
      const closed: RunRecord = { ...run, status: "failed", endedAt: run.endedAt ?? Date.now(), error: { ...error } };
      this.saveRun(closed);
      failed.push(closed);
    }
    for (const answer of records<StoredAnswer>(
      this.db,
      `SELECT record FROM agent_answers WHERE json_extract(record, '$.status') = 'sending'${mine}`,
      ...args,
    )) {
      if (answer.runId && live(answer.runId)) continue;
      this.saveAnswer({ ...answer, status: "failed", error: { ...error } });
      // The route that would have logged what became of it is gone with the Loupe that stopped.
      const requestId = adkRequestId(answer.agentId, answer.sessionKey, answer.interruptKey ?? answer.interruptId);
      auditStoppedAnswer(this.store, answer.answeredBy, { source: "adk", requestId });
    }
    return failed;
  }
}
