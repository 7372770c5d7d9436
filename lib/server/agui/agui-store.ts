import "server-only";
import type { AguiAgentInput, AguiHumanRequest, AguiRunRecord, AguiRunStatus, AguiToolDeclaration } from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import type { AppErrorBody } from "@/lib/errors";
import { PeerTable, type PeerConfig } from "@/lib/server/peers/table";
import { query, record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { rowToEntry } from "@/lib/server/store-schema";
import type { EntryRow } from "@/lib/server/store-schema";
import { auditStoppedAnswer } from "@/lib/server/people/audit-log";

/** A saved AG-UI agent as persisted (header values in clear; views mask them). */
export type AguiAgentConfig = PeerConfig<AguiAgentInput>;

/** What Loupe keeps of a thread between runs: it is the client, the agent may keep nothing. */
export interface AguiThreadRecord {
  agentId: string;
  threadId: string;
  createdAt: number;
  updatedAt: number;
  messages: unknown[];
  state: unknown;
  runCount: number;
  lastStatus: AguiRunStatus;
  /** The front-end tools its runs declared last (a continued run declares them again). */
  tools?: AguiToolDeclaration[];
}

const RESTARTED = { code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" } as const;

/** SQLite persistence (tables in tables.ts) for AG-UI agents, threads, runs and requests. */
export class AguiStore {
  /** Saved agents; deleting one deletes its threads, runs and requests with it. */
  readonly agents: PeerTable<AguiAgentConfig>;

  constructor(readonly store: Store) {
    this.agents = new PeerTable(store, {
      table: "agui_agents",
      cascade: { agui_threads: "agent_id", agui_runs: "agent_id", agui_requests: "agent_id" },
    });
  }

  private get db(): Store["db"] {
    return this.store.db;
  }

  // ── agents ─────────────────────────────────────────────────────────────────
  listAgents(): AguiAgentConfig[] {
    return this.agents.list();
  }

  saveAgent(config: AguiAgentConfig): void {
    this.agents.save(config);
  }

  deleteAgent(id: string): void {
    this.agents.delete(id);
  }

  // ── threads ────────────────────────────────────────────────────────────────
  getThread(agentId: string, threadId: string): AguiThreadRecord | undefined {
    return record<AguiThreadRecord>(this.db, "SELECT record FROM agui_threads WHERE agent_id = ? AND thread_id = ?", agentId, threadId);
  }

  listThreads(agentId: string): AguiThreadRecord[] {
    return records<AguiThreadRecord>(this.db, "SELECT record FROM agui_threads WHERE agent_id = ? ORDER BY updated_at DESC", agentId);
  }

  saveThread(thread: AguiThreadRecord): void {
    this.db
      .prepare(
        `INSERT INTO agui_threads (agent_id, thread_id, updated_at, record) VALUES (?, ?, ?, ?)
         ON CONFLICT(agent_id, thread_id) DO UPDATE SET updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run(thread.agentId, thread.threadId, thread.updatedAt, JSON.stringify(thread));
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  saveRun(run: AguiRunRecord): void {
    this.db
      .prepare(
        `INSERT INTO agui_runs (id, agent_id, thread_id, started_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      )
      .run(run.runId, run.agentId, run.threadId, run.startedAt, JSON.stringify(run));
  }

  getRun(runId: string): AguiRunRecord | undefined {
    return record<AguiRunRecord>(this.db, "SELECT record FROM agui_runs WHERE id = ?", runId);
  }

  threadRuns(agentId: string, threadId: string): AguiRunRecord[] {
    return records<AguiRunRecord>(
      this.db,
      "SELECT record FROM agui_runs WHERE agent_id = ? AND thread_id = ? ORDER BY started_at, rowid",
      agentId,
      threadId,
    );
  }

  /** A thread's recorded entries, oldest first (the newest `limit` when there are more). */
  threadEntries(agentId: string, threadId: string, limit: number): Entry[] {
    const rows = query<EntryRow>(
      this.db,
      "SELECT * FROM entries WHERE connection_id = ? AND session_key = ? AND protocol = 'agui' ORDER BY seq DESC LIMIT ?",
    ).all(agentId, threadId, limit);
    return rows.reverse().map(rowToEntry);
  }

  // ── requests ───────────────────────────────────────────────────────────────
  saveRequest(request: AguiHumanRequest): void {
    this.db
      .prepare(
        `INSERT INTO agui_requests (id, agent_id, thread_id, status, created_at, record) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(request.id, request.agentId, request.threadId, request.status, request.createdAt, JSON.stringify(request));
  }

  getRequest(id: string): AguiHumanRequest | undefined {
    return record<AguiHumanRequest>(this.db, "SELECT record FROM agui_requests WHERE id = ?", id);
  }

  listRequests(): AguiHumanRequest[] {
    return records<AguiHumanRequest>(
      this.db,
      "SELECT record FROM agui_requests ORDER BY CASE status WHEN 'pending' THEN 0 ELSE 1 END, created_at DESC LIMIT 1000",
    );
  }

  threadRequests(agentId: string, threadId: string): AguiHumanRequest[] {
    return records<AguiHumanRequest>(
      this.db,
      "SELECT record FROM agui_requests WHERE agent_id = ? AND thread_id = ? ORDER BY created_at, rowid",
      agentId,
      threadId,
    );
  }

  /**
   * At start: runs still "running" in the file were cut off when Loupe stopped; the answers such a
   * run carried fail (Retry rebuilds the run from the stored thread); requests still pending, and
   * answers kept for them, are stale (settleLeftBehind). Failed ones stay failed. Returns what
   * changed, for the caller to record.
   */
  settleAfterRestart(): { runs: AguiRunRecord[]; requests: AguiHumanRequest[] } {
    return this.settleLeftBehind(
      undefined,
      { ...RESTARTED },
      { pending: "Loupe restarted: the run waiting on this answer is gone", waiting: keptAnswerReason("Loupe restarted") },
      () => false,
    );
  }

  /**
   * What runs of `agentId` (every agent's when undefined) left in flight that no run `live` here holds:
   * the runs end with `error`; an answer one of them carried fails with it, as an abort fails it (a
   * Retry sends it again), with the audit's `failed` row under who gave it; requests still pending go
   * stale with `reasons.pending` (AG-UI has no resume: the run that would take the answer is gone),
   * and so do the answers kept to go with them (`reasons.waiting`), with their `failed` row. Used at
   * startup and when another instance's agent is taken over.
   */
  settleLeftBehind(
    agentId: string | undefined,
    error: AppErrorBody,
    reasons: { pending: string; waiting: string },
    live: (runId: string) => boolean,
  ): { runs: AguiRunRecord[]; requests: AguiHumanRequest[] } {
    const now = Date.now();
    const mine = agentId === undefined ? "" : " AND agent_id = ?";
    const args = agentId === undefined ? [] : [agentId];
    const runs = records<AguiRunRecord>(
      this.db,
      `SELECT record FROM agui_runs WHERE json_extract(record, '$.status') = 'running'${mine}`,
      ...args,
    )
      .filter((run) => !live(run.runId))
      .map((run) => {
        const next: AguiRunRecord = { ...run, status: "error", endedAt: run.endedAt ?? now, error: { ...error } };
        this.saveRun(next);
        return next;
      });
    const cut = new Map(runs.map((run) => [run.runId, run.error ?? error]));
    // Pending, kept for the others of its run (no run yet), or carried by a run cut off now.
    const requests = records<AguiHumanRequest>(
      this.db,
      `SELECT record FROM agui_requests WHERE (status = 'pending' OR (status = 'answered' AND (json_extract(record, '$.answeredByRunId') IS NULL
         OR json_extract(record, '$.answeredByRunId') IN (SELECT value FROM json_each(?)))))${mine}`,
      JSON.stringify([...cut.keys()]),
      ...args,
    ).flatMap((request) => {
      const next = settledRequest(request, cut, reasons);
      if (!next) return [];
      this.saveRequest(next);
      // The route that would have logged what became of the answer is gone with the Loupe that stopped.
      if (request.status === "answered") {
        const detail = next.status === "stale" ? next.reason : undefined;
        auditStoppedAnswer(this.store, request.answeredBy, { source: "agui", requestId: request.id, ...(detail ? { detail } : {}) });
      }
      return [next];
    });
    return { runs, requests };
  }
}

/** Why an answer kept for the other requests of its run is stale once `stopped` closed those (settleLeftBehind). */
export function keptAnswerReason(stopped: string): string {
  return `${stopped} while this answer waited for its run's other requests, closed unanswered with it (stale): AG-UI sends a run's answers together, so this one was never sent; start a new run`;
}

/**
 * A request left by a stopped Loupe, settled: an answer whose run was cut off fails with the run's
 * error (as an abort fails it: Retry allowed); a pending request, and an answer kept for one, go
 * stale. Undefined: it stays (an answer its run took).
 */
function settledRequest(
  request: AguiHumanRequest,
  cut: Map<string, AppErrorBody>,
  reasons: { pending: string; waiting: string },
): AguiHumanRequest | undefined {
  if (request.status === "pending") return { ...request, status: "stale", reason: reasons.pending };
  if (request.status !== "answered") return undefined;
  if (request.answeredByRunId === undefined) return { ...request, status: "stale", reason: reasons.waiting };
  const error = cut.get(request.answeredByRunId);
  return error ? { ...request, status: "failed", error: { ...error } } : undefined;
}
