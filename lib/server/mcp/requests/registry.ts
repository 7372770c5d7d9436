import "server-only";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { RequestId, Task } from "@modelcontextprotocol/sdk/types.js";
import type { ElicitationAnswer, McpClientRequest, McpStaleCause, SamplingAnswer } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { answerClaimOf, answeredConflict, answerOnce } from "@/lib/server/inbox/answer-claims";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { requestElsewhere } from "@/lib/server/mcp/requests/elsewhere";
import { LOUPE_STOPPED_REASON, requestStore } from "@/lib/server/mcp/requests/request-store";
import type { McpRequestStore } from "@/lib/server/mcp/requests/request-store";
import type { Store } from "@/lib/server/store";
import { cancelledReason, elicitationOutcome, parseAnswer, samplingOutcome } from "@/lib/server/mcp/requests/answers";
import { ABANDONED, callEndedReason } from "@/lib/server/mcp/requests/request-links";
import { CALL_CHECK_MS, deferred, newRequest, staleWhy, waitingTask } from "@/lib/server/mcp/requests/tracked";
import type { Tracked } from "@/lib/server/mcp/requests/tracked";
import { callStore } from "@/lib/server/mcp/call-store";

export { callEndedReason } from "@/lib/server/mcp/requests/request-links";

/** Answered / stale requests kept for the inbox; the oldest settled ones go first. */
const MAX_SETTLED = 500;

/**
 * Every sampling / elicitation request servers sent, process-wide. Pending ones hold the resolver
 * their SDK handler (or tasks/result) waits on. Every change is recorded as a loupe/mcp_request
 * entry (raw = the whole McpClientRequest) so the UI stream sees it.
 */
export class ClientRequests {
  private readonly tracked = new Map<string, Tracked>();
  private readonly rootsSeen = new Map<string, { count: number; lastAt: number }>();

  /** The store's request table; pending rows no request of this process holds are a stopped Loupe's. */
  private rows(store: Store): McpRequestStore {
    return requestStore(store, (id) => this.tracked.get(id)?.request.status === "pending");
  }

  /**
   * This process's requests, plus with `store` the history it keeps (earlier runs of Loupe,
   * requests pruned from memory): pending first, then newest first.
   */
  list(opts: { connectionId?: string; store?: Store } = {}): McpClientRequest[] {
    this.sweep();
    const live = [...this.tracked.values()]
      .filter((t) => opts.connectionId === undefined || t.request.connectionId === opts.connectionId)
      .map((t) => t.request);
    const stored = opts.store
      ? this.rows(opts.store)
          .list(opts.connectionId)
          .filter((r) => !this.tracked.has(r.id))
      : [];
    return [...live, ...stored].sort(
      (a, b) => Number(b.status === "pending") - Number(a.status === "pending") || b.createdAt - a.createdAt,
    );
  }

  get(id: string, store?: Store): McpClientRequest | undefined {
    this.sweep();
    return this.tracked.get(id)?.request ?? (store ? this.rows(store).get(id) : undefined);
  }

  /** How often the server asked for roots (roots/list) on this connection, this process. */
  rootsRequests(connectionId: string): { count: number; lastAt: number | null } {
    const seen = this.rootsSeen.get(connectionId);
    return { count: seen?.count ?? 0, lastAt: seen?.lastAt ?? null };
  }

  noteRootsRequest(connectionId: string): void {
    const seen = this.rootsSeen.get(connectionId) ?? { count: 0, lastAt: 0 };
    this.rootsSeen.set(connectionId, { count: seen.count + 1, lastAt: Date.now() });
  }

  /**
   * Sends the user's answer. 404 for an unknown request (or one of another connection), 409 when
   * it is not pending any more, 400 (request kept pending) when the body does not fit.
   */
  async answer(connectionId: string, requestId: string, body: unknown, store?: Store): Promise<McpClientRequest> {
    this.sweep();
    const t = this.tracked.get(requestId);
    const request = t?.request ?? (store ? this.rows(store).get(requestId) : undefined);
    if (!request || request.connectionId !== connectionId) {
      throw new AppError("not_found:mcp_request", `No client request "${requestId}" on this connection`);
    }
    const claimed = request.status === "answered" && store ? answerClaimOf(store, { source: "mcp", requestId }) : undefined;
    if (claimed) throw answeredConflict("conflict:mcp_request", claimed);
    const elsewhere = !t && request.status === "pending" ? requestElsewhere(request) : undefined;
    if (elsewhere) throw elsewhere;
    if (!t || request.status !== "pending") {
      const why =
        request.status === "answered" ? "was already answered" : `is ${request.status}${request.reason ? ` (${request.reason})` : ""}`;
      throw new AppError("conflict:mcp_request", `The request ${why}`, { status: request.status, staleCause: request.staleCause });
    }
    const parsed = parseAnswer(t.request.kind, body);
    const outcome =
      t.request.kind === "sampling"
        ? samplingOutcome(parsed as SamplingAnswer)
        : elicitationOutcome(parsed as ElicitationAnswer, t.request.params);
    // One conditional write in the database decides between two answers, on any instance.
    return answerOnce(t.conn.hub.store, { source: "mcp", requestId }, "conflict:mcp_request", ({ answeredAt }) => {
      this.update(t, { status: "answered", answer: { at: answeredAt, body: parsed } });
      if (t.task) {
        const failed = "error" in outcome;
        this.setTaskStatus(t, failed ? "failed" : "completed", failed ? outcome.error.message : undefined);
      }
      t.settle(outcome);
      return t.request;
    });
  }

  /** Starts tracking a request the server just sent; recorded at once (relatedCall: see onlyRunningCall). */
  open(conn: ConnectionHandle, gen: number, method: string, jsonrpcId: string | number, params: Record<string, unknown>): Tracked {
    const { promise, resolve } = deferred();
    let settled = false;
    const request = newRequest(conn, method, jsonrpcId, params);
    const related = request.relatedCall;
    const t: Tracked = {
      request,
      conn,
      gen,
      outcome: promise,
      settle: (o) => {
        if (settled) return;
        settled = true;
        resolve(o);
      },
    };
    this.tracked.set(request.id, t);
    this.prune();
    this.rows(conn.hub.store).save(request);
    if (related) this.watchCall(t);
    conn.recordEntry("loupe", "local", "mcp_request", request);
    return t;
  }

  /** The server cannot receive an answer any more; the waiting handler is released. */
  markStale(t: Tracked, why: string, staleCause: McpStaleCause): void {
    if (t.request.status !== "pending") return;
    const { reason, cause } = staleWhy(t, why, staleCause);
    this.update(t, { status: "stale", reason, staleCause: cause });
    if (t.task) this.setTaskStatus(t, "cancelled", reason);
    t.settle({ error: new McpError(ErrorCode.ConnectionClosed, reason) });
  }

  /**
   * The server forgot the MCP session (it restarted) while the client and its generation live on:
   * nothing it asked before can be answered any more.
   */
  sessionLost(conn: ConnectionHandle, reason: string): void {
    for (const t of this.tracked.values()) {
      if (t.conn === conn && t.request.status === "pending") this.markStale(t, `The session ended: ${reason}`, "session_ended");
    }
  }

  /**
   * Loupe is stopping (its sessions close next): what is still pending can never be answered,
   * and says so in the words a restart would use rather than "disconnected by the user".
   */
  loupeStopping(conns: readonly ConnectionHandle[]): void {
    const closing = new Set(conns);
    for (const t of this.tracked.values()) {
      if (closing.has(t.conn) && t.request.status === "pending") this.markStale(t, LOUPE_STOPPED_REASON, "loupe_stopped");
    }
  }

  /**
   * This instance took connection `connectionId` (several instances on one database, issue 25): what
   * is pending on it and not held here was asked of the instance that held it, whose session is gone.
   * Each is closed in words (`reason`); the closed ones, for the caller to record.
   */
  leftBehind(connectionId: string, store: Store, reason?: string): McpClientRequest[] {
    return this.rows(store).staleLeftBehind(connectionId, (id) => this.tracked.has(id), reason);
  }

  /** notifications/cancelled from the server for a request still waiting on the user. */
  cancelledByServer(conn: ConnectionHandle, gen: number, jsonrpcId: RequestId, reason: string | undefined): void {
    for (const t of this.tracked.values()) {
      if (
        t.conn === conn &&
        t.gen === gen &&
        !t.task &&
        !t.request.mrtr &&
        t.request.jsonrpcId === jsonrpcId &&
        t.request.status === "pending"
      ) {
        this.markStale(t, cancelledReason(reason), "server_cancelled");
      }
    }
  }

  /** Task-augmented requests of one session, for tasks/get, tasks/list, tasks/result, tasks/cancel. */
  findTask(conn: ConnectionHandle, gen: number, taskId: string): Tracked {
    this.sweep();
    for (const t of this.tracked.values()) {
      if (t.conn === conn && t.gen === gen && t.task?.task.taskId === taskId) return t;
    }
    throw new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
  }

  sessionTasks(conn: ConnectionHandle, gen: number): Task[] {
    this.sweep();
    return [...this.tracked.values()].filter((t) => t.conn === conn && t.gen === gen && t.task).map((t) => t.task!.task);
  }

  startTask(t: Tracked, ttl: number | undefined): Task {
    t.task = { task: waitingTask(ttl) };
    return t.task.task;
  }

  private setTaskStatus(t: Tracked, status: Task["status"], statusMessage?: string): void {
    if (!t.task) return;
    t.task.task = { ...t.task.task, status, lastUpdatedAt: new Date().toISOString(), statusMessage };
  }

  private update(t: Tracked, patch: Partial<McpClientRequest>): void {
    t.request = { ...t.request, ...patch };
    this.rows(t.conn.hub.store).save(t.request);
    t.conn.recordEntry("loupe", "local", "mcp_request", t.request);
  }

  /**
   * The call a request belongs to ended (timed out, cancelled, failed or finished): the server
   * dropped the question with it, so the request must not look answerable. The call runner knows
   * nothing of requests, so its saved record is checked while the request waits (a key lookup;
   * a hub listener would make every recorded frame be previewed).
   */
  private watchCall(t: Tracked): void {
    const timer = setInterval(() => {
      try {
        this.staleIfCallEnded(t);
      } catch {
        // The store was closed (Loupe stopping, a test's teardown): nothing left to watch.
        clearInterval(timer);
      }
      if (t.request.status !== "pending") clearInterval(timer);
    }, CALL_CHECK_MS);
    timer.unref?.();
  }

  private staleIfCallEnded(t: Tracked): void {
    const related = t.request.relatedCall;
    if (t.request.status !== "pending" || !related) return;
    const call = callStore(t.conn.hub.store).get(related.callId);
    if (call && ABANDONED.has(call.status)) this.markStale(t, callEndedReason(call), "call_ended");
  }

  /** A connection's session ended (closed, lost, replaced): its waiting requests go stale now, not at the next list. */
  sessionEnded(): void {
    this.sweep();
  }

  /**
   * A request of a session that has ended can never be answered. The SDK aborts the handler's
   * signal on transport close (handled in the handler); this catches task-augmented requests,
   * whose handler already returned, and any close the signal did not report.
   */
  private sweep(): void {
    for (const t of this.tracked.values()) {
      if (t.request.status === "pending" && t.conn.generation !== t.gen) {
        this.markStale(t, `The session ended: ${t.conn.closeReason(t.gen)}`, "session_ended");
      }
    }
    for (const t of this.tracked.values()) this.staleIfCallEnded(t);
  }

  private prune(): void {
    const settled = [...this.tracked.values()].filter((t) => t.request.status !== "pending");
    for (const t of settled.slice(0, Math.max(0, settled.length - MAX_SETTLED))) this.tracked.delete(t.request.id);
  }
}

const REQUESTS_KEY = Symbol.for("loupe.clientRequests");
type RequestsGlobal = typeof globalThis & { [REQUESTS_KEY]?: ClientRequests };

export function getClientRequests(): ClientRequests {
  const g = globalThis as RequestsGlobal;
  g[REQUESTS_KEY] ??= new ClientRequests();
  return g[REQUESTS_KEY];
}
