import "server-only";
import { ProtocolError } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import { isTerminalTaskStatus } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { isModern } from "@/lib/server/mcp/era";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { errorMessage } from "@/lib/values";

/**
 * MCP 2026-07-28 removed resources/subscribe and unsolicited change notifications: a client opens a
 * `subscriptions/listen` stream whose filter names what it wants (list changes, resource URIs, and
 * with the Tasks extension the task ids whose status it follows), and the server sends nothing
 * else. A filter is fixed for the life of a stream, so a change of filter opens a new stream and
 * then closes the old one (no window without one). A stream the server or the network drops is
 * opened again with backoff while the session lives; Loupe's disconnect closes it.
 *
 * The frames ride the connection's recording transport, so they are on the traffic timeline like
 * any other; the stream's life (opened with the honoured filter, closed and why, retry) is recorded
 * as loupe `listen` entries. Notifications it delivers reach the handlers installed in
 * session-open.ts, the same as a 2025-11-25 session's.
 */

/** The filter of one stream (the spec's `notifications` object). `taskIds` is the Tasks extension's field. */
export interface ListenFilter {
  toolsListChanged: true;
  promptsListChanged: true;
  resourcesListChanged: true;
  resourceSubscriptions?: string[];
  taskIds?: string[];
}

/** A loupe `listen` entry: what happened to the stream. */
export interface ListenEntry {
  event: "opened" | "closed" | "failed" | "retry";
  filter?: ListenFilter;
  honoredFilter?: unknown;
  /** For "closed": the SDK's cause (`remote` = dropped, `graceful` = the server ended it, `local` = Loupe). */
  cause?: string;
  error?: string;
  /** For "failed": the server answered with a JSON-RPC error, so Loupe does not ask again on its own. */
  refused?: boolean;
  /** For "retry": the delay before the next attempt. */
  inMs?: number;
  attempt?: number;
}

/** Backoff of re-opening a dropped stream (tests shorten it). */
export const LISTEN_BACKOFF = { firstMs: 250, maxMs: 30_000 };

type Subscription = Awaited<ReturnType<Client["listen"]>>;

/** Extension tasks of this session that are not finished: their status comes over the stream. */
function followedTaskIds(conn: ConnectionHandle, records: readonly TaskRecord[]): string[] {
  return records
    .filter((t) => t.flavour === "extension" && t.sessionKey === conn.sessionKey && !isTerminalTaskStatus(t.status))
    .map((t) => t.taskId)
    .sort();
}

/** The task records of a connection (the TaskManager's), given by whoever starts the stream. */
export type TaskRecordsOf = (conn: ConnectionHandle) => readonly TaskRecord[];

export function listenFilter(conn: ConnectionHandle, tasksOf: TaskRecordsOf): ListenFilter {
  const uris = [...new Set(conn.state.subscriptions ?? [])].sort();
  const tasks = followedTaskIds(conn, tasksOf(conn));
  return {
    toolsListChanged: true,
    promptsListChanged: true,
    resourcesListChanged: true,
    ...(uris.length ? { resourceSubscriptions: uris } : {}),
    ...(tasks.length ? { taskIds: tasks } : {}),
  };
}

class ListenSession {
  private current: { sub: Subscription; key: string } | null = null;
  private opening: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly conn: ConnectionHandle,
    private readonly client: Client,
    private readonly gen: number,
    private readonly tasksOf: TaskRecordsOf,
  ) {}

  private get live(): boolean {
    return !this.stopped && this.gen === this.conn.generation && this.conn.client === this.client;
  }

  private record(entry: ListenEntry): void {
    if (this.gen === this.conn.generation) this.conn.recordEntry("loupe", "local", "listen", entry);
  }

  /** Opens a stream with the current filter unless one with that filter is open; throws when the server refuses it. */
  async sync(): Promise<void> {
    // One open at a time; a change made meanwhile is picked up by the next round of the loop.
    while (this.opening) await this.opening.catch(() => undefined);
    if (!this.live) return;
    const filter = listenFilter(this.conn, this.tasksOf);
    const key = JSON.stringify(filter);
    if (this.current?.key === key) return;
    this.opening = this.open(filter, key);
    try {
      await this.opening;
    } finally {
      this.opening = null;
    }
  }

  private async open(filter: ListenFilter, key: string): Promise<void> {
    let sub: Subscription;
    try {
      sub = await this.client.listen(filter, { timeout: this.conn.config.requestTimeoutMs });
    } catch (error) {
      if (!this.live) return;
      // A JSON-RPC error is the server's answer (no listen support, a filter it rejects): asking
      // again would get the same. A timeout or a dropped connection is worth another try.
      const refused = error instanceof ProtocolError;
      this.record({ event: "failed", filter, error: errorMessage(error), ...(refused ? { refused } : {}) });
      // Without any stream Loupe hears nothing: keep trying. With the old one open, it still hears most.
      if (!this.current && !refused) this.scheduleRetry();
      throw error;
    }
    if (!this.live) {
      void sub.close().catch(() => undefined);
      return;
    }
    this.attempt = 0;
    const previous = this.current;
    this.current = { sub, key };
    this.record({ event: "opened", filter, honoredFilter: sub.honoredFilter });
    void sub.closed.then((cause) => this.onClosed(sub, cause));
    // The old stream is closed only once the new one is acknowledged.
    if (previous) void previous.sub.close().catch(() => undefined);
  }

  private onClosed(sub: Subscription, cause: string): void {
    const replaced = this.current?.sub !== sub;
    if (!replaced) this.current = null;
    if (!this.live) return;
    this.record({ event: "closed", cause });
    if (!replaced && cause !== "local") this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.timer || !this.live) return;
    this.attempt += 1;
    const inMs = Math.min(LISTEN_BACKOFF.maxMs, LISTEN_BACKOFF.firstMs * 2 ** (this.attempt - 1));
    this.record({ event: "retry", inMs, attempt: this.attempt });
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sync().catch(() => undefined);
    }, inMs);
    this.timer.unref?.();
  }

  /** Loupe's own end of the stream (disconnect, a new session): notifications/cancelled for it. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const sub = this.current?.sub;
    this.current = null;
    if (!sub) return;
    // Bounded: a server that no longer answers must not hold up the disconnect.
    await Promise.race([sub.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref?.())]);
  }

  get isOpen(): boolean {
    return this.current !== null;
  }
}

const KEY = Symbol.for("loupe.listenSessions");
type ListenGlobal = typeof globalThis & { [KEY]?: WeakMap<ConnectionHandle, ListenSession> };
function sessions(): WeakMap<ConnectionHandle, ListenSession> {
  const g = globalThis as ListenGlobal;
  return (g[KEY] ??= new WeakMap());
}

/**
 * Called once a session is connected: a modern one opens its stream (failures are retried, not
 * thrown). `tasksOf` reads the connection's task records, whose unfinished extension tasks the
 * filter follows.
 */
export function startListen(conn: ConnectionHandle, client: Client, gen: number, tasksOf: TaskRecordsOf): void {
  void stopListen(conn);
  if (!isModern(conn.state.era)) return;
  const session = new ListenSession(conn, client, gen, tasksOf);
  sessions().set(conn, session);
  void session.sync().catch(() => undefined);
}

/** Closes the stream of `conn`, if any (sends notifications/cancelled for it). */
export async function stopListen(conn: ConnectionHandle): Promise<void> {
  const session = sessions().get(conn);
  sessions().delete(conn);
  await session?.stop();
}

/**
 * The filter changed (a resource subscribed or dropped, a task followed or finished): the stream
 * is opened again with it. Resolves once the server acknowledged it; throws when it refused.
 */
export async function refreshListen(conn: ConnectionHandle): Promise<void> {
  await sessions().get(conn)?.sync();
}

/** Whether a stream is open now (for tests and the subscriptions listing). */
export function listenOpen(conn: ConnectionHandle): boolean {
  return sessions().get(conn)?.isOpen ?? false;
}
