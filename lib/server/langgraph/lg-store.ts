import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { AppErrorBody } from "@/lib/errors";
import type { LgDeploymentInput, LgHumanRequest, LgRunRecord } from "@/lib/contracts/langgraph";
import { PeerTable, type PeerConfig } from "@/lib/server/peers/table";
import { query, record, records } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { rowToEntry } from "@/lib/server/store-schema";
import type { EntryRow } from "@/lib/server/store-schema";

/** A saved deployment as persisted (header values in clear; views mask them). */
export type LgDeploymentConfig = PeerConfig<LgDeploymentInput>;

/** A thread Loupe has seen (started, opened or found interrupted): what the session search looks in. */
export interface LgSeenThread {
  deploymentId: string;
  threadId: string;
  updatedAt: number;
  status?: string;
  graphId?: string;
  assistantId?: string;
}

const RESTARTED = { code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" } as const;

/** SQLite persistence (tables in tables.ts) for deployments, the runs Loupe started, threads seen and requests. */
export class LgStore {
  /** Saved deployments; deleting one deletes its runs, threads and requests with it. */
  readonly deployments: PeerTable<LgDeploymentConfig>;

  constructor(readonly store: Store) {
    this.deployments = new PeerTable(store, {
      table: "langgraph_deployments",
      cascade: { langgraph_runs: "deployment_id", langgraph_threads: "deployment_id", langgraph_requests: "deployment_id" },
    });
  }

  private get db(): Store["db"] {
    return this.store.db;
  }

  // ── runs ───────────────────────────────────────────────────────────────────
  saveRun(run: LgRunRecord): void {
    this.db
      .prepare(
        `INSERT INTO langgraph_runs (id, deployment_id, thread_id, started_at, record) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
      )
      .run(run.runId, run.deploymentId, run.threadId, run.startedAt, JSON.stringify(run));
  }

  getRun(runId: string): LgRunRecord | undefined {
    return record<LgRunRecord>(this.db, "SELECT record FROM langgraph_runs WHERE id = ?", runId);
  }

  threadRuns(deploymentId: string, threadId: string): LgRunRecord[] {
    return records<LgRunRecord>(
      this.db,
      "SELECT record FROM langgraph_runs WHERE deployment_id = ? AND thread_id = ? ORDER BY started_at, rowid",
      deploymentId,
      threadId,
    );
  }

  /** Runs Loupe started, per thread of the deployment. */
  runCounts(deploymentId: string): Map<string, number> {
    const rows = query<{ thread_id: string; n: number }>(
      this.db,
      "SELECT thread_id, COUNT(*) AS n FROM langgraph_runs WHERE deployment_id = ? GROUP BY thread_id",
    ).all(deploymentId);
    return new Map(rows.map((r) => [r.thread_id, r.n]));
  }

  // ── threads seen ───────────────────────────────────────────────────────────
  seeThread(thread: Omit<LgSeenThread, "updatedAt">): void {
    const seen: LgSeenThread = { ...thread, updatedAt: Date.now() };
    this.db
      .prepare(
        `INSERT INTO langgraph_threads (deployment_id, thread_id, updated_at, record) VALUES (?, ?, ?, ?)
         ON CONFLICT(deployment_id, thread_id) DO UPDATE SET updated_at = excluded.updated_at, record = excluded.record`,
      )
      .run(seen.deploymentId, seen.threadId, seen.updatedAt, JSON.stringify(seen));
  }

  forgetThread(deploymentId: string, threadId: string): void {
    this.db.prepare("DELETE FROM langgraph_threads WHERE deployment_id = ? AND thread_id = ?").run(deploymentId, threadId);
  }

  /** A thread's recorded entries, oldest first (the newest `limit` when there are more). */
  threadEntries(deploymentId: string, threadId: string, limit: number): Entry[] {
    const rows = query<EntryRow>(
      this.db,
      "SELECT * FROM entries WHERE connection_id = ? AND session_key = ? AND protocol = 'langgraph' ORDER BY seq DESC LIMIT ?",
    ).all(deploymentId, threadId, limit);
    return rows.reverse().map(rowToEntry);
  }

  // ── requests ───────────────────────────────────────────────────────────────
  saveRequest(request: LgHumanRequest): void {
    this.db
      .prepare(
        `INSERT INTO langgraph_requests (id, deployment_id, thread_id, interrupt_id, status, created_at, record) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, record = excluded.record`,
      )
      .run(
        request.id,
        request.deploymentId,
        request.threadId,
        request.interruptId,
        request.status,
        request.createdAt,
        JSON.stringify(request),
      );
  }

  getRequest(id: string): LgHumanRequest | undefined {
    return record<LgHumanRequest>(this.db, "SELECT record FROM langgraph_requests WHERE id = ?", id);
  }

  listRequests(): LgHumanRequest[] {
    return records<LgHumanRequest>(
      this.db,
      "SELECT record FROM langgraph_requests ORDER BY CASE status WHEN 'pending' THEN 0 ELSE 1 END, created_at DESC LIMIT 1000",
    );
  }

  threadRequests(deploymentId: string, threadId: string): LgHumanRequest[] {
    return records<LgHumanRequest>(
      this.db,
      "SELECT record FROM langgraph_requests WHERE deployment_id = ? AND thread_id = ? ORDER BY created_at, rowid",
      deploymentId,
      threadId,
    );
  }

  /** Threads of the deployment with a request still open (pending, failed, or answered and not yet sent). */
  openThreads(deploymentId: string): string[] {
    return query<{ thread_id: string }>(
      this.db,
      `SELECT DISTINCT thread_id FROM langgraph_requests WHERE deployment_id = ?
         AND (status IN ('pending', 'failed') OR (status = 'answered' AND json_extract(record, '$.answeredByRunId') IS NULL))`,
    )
      .all(deploymentId)
      .map((r) => r.thread_id);
  }

  /**
   * At start: runs still "running" in the file were cut off when Loupe stopped. Requests stay as
   * they are — the interrupts live on the server, so a pending one is still answerable — except
   * that the answers those runs carried are settled by the service against the server (it re-reads
   * their threads). Returns the runs it ended and the requests to re-check.
   */
  settleAfterRestart(): { runs: LgRunRecord[]; recheck: LgHumanRequest[] } {
    return this.settleRunning(undefined, RESTARTED, () => false);
  }

  /**
   * On a shared store (issue 25), when this instance takes a deployment over from a dead one: the
   * runs it left "running" (none streaming here: `active`) end with `error`, as settleAfterRestart's do.
   */
  settleLeftBehind(
    deploymentId: string,
    error: AppErrorBody,
    active: (runId: string) => boolean,
  ): { runs: LgRunRecord[]; recheck: LgHumanRequest[] } {
    return this.settleRunning(deploymentId, error, active);
  }

  private settleRunning(
    deploymentId: string | undefined,
    error: AppErrorBody,
    active: (runId: string) => boolean,
  ): { runs: LgRunRecord[]; recheck: LgHumanRequest[] } {
    const now = Date.now();
    const running = "json_extract(record, '$.status') = 'running'";
    const left =
      deploymentId === undefined
        ? records<LgRunRecord>(this.db, `SELECT record FROM langgraph_runs WHERE ${running}`)
        : records<LgRunRecord>(this.db, `SELECT record FROM langgraph_runs WHERE deployment_id = ? AND ${running}`, deploymentId);
    const runs = left
      .filter((run) => !active(run.runId))
      .map((run) => {
        const next: LgRunRecord = { ...run, status: "error", endedAt: run.endedAt ?? now, error: { ...error } };
        this.saveRun(next);
        return next;
      });
    const cut = new Set(runs.map((r) => r.runId));
    const recheck = records<LgHumanRequest>(this.db, "SELECT record FROM langgraph_requests WHERE status = 'answered'").filter(
      (r) => r.answeredByRunId !== undefined && cut.has(r.answeredByRunId),
    );
    return { runs, recheck };
  }
}
