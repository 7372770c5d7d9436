import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { CallToolResultSchema, CancelTaskResultSchema, GetTaskResultSchema, TaskSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { isTerminalTaskStatus, serverTaskSupport, taskRefusal } from "@/lib/contracts/tasks";
import type { RunTaskBody, TaskListing, TaskRecord } from "@/lib/contracts/tasks";
import { AppError } from "@/lib/errors";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { changed, mergeTaskReport, serverOnlyRecord, taskRequestError } from "@/lib/server/mcp/tasks/records";
import { loadTasks, saveTask } from "@/lib/server/mcp/tasks/task-store";
import type { TaskMethod } from "@/lib/server/mcp/tasks/records";
import { ExtensionTaskFollower } from "@/lib/server/mcp/tasks/extension-follow";
import { recordedTask } from "@/lib/server/mcp/tasks/extension";
import { createNativeTask, listServerTasks, publishTask, pruneFinished } from "@/lib/server/mcp/tasks/native";
import { errorMessage } from "@/lib/values";

/** Oldest finished records are dropped past this many per connection (memory and store bound). */
const MAX_RECORDS = 200;
/** tasks/result blocks until the task ends (a human may be answering its question meanwhile). */
const MAX_RESULT_WAIT_MS = 3_600_000;

/**
 * Loupe's side of MCP tasks for every connection: creates tasks (tools/call with `task`), polls,
 * fetches results, cancels, lists; keeps a record of each task and records every change as a
 * loupe "task" entry (raw = TaskRecord) so the browser's cache follows along.
 */
export class TaskManager {
  /**
   * connectionId → taskId → record, read from the store on first use: a task does not outlive its
   * MCP session, but its record (what ran, what it returned, where it stood) outlives Loupe.
   */
  private readonly records = new Map<string, Map<string, TaskRecord>>();
  /** `${connectionId}\n${taskId}` → the tasks/result request in flight. */
  private readonly pendingResults = new Map<string, Promise<void>>();
  /** Tasks of the 2026-07-28 Tasks extension: created, polled, answered and cancelled there. */
  private readonly extension = new ExtensionTaskFollower({
    apply: (conn, task, extra) => this.applyTask(conn, task, extra),
    record: (conn, taskId) => this.recordsOf(conn).get(taskId),
    save: (conn, record) => this.save(conn, record),
  });

  private recordsOf(conn: ConnectionHandle): Map<string, TaskRecord> {
    let map = this.records.get(conn.id);
    if (!map) {
      map = new Map(loadTasks(conn.hub.store, conn.id).map((t) => [t.taskId, t]));
      this.records.set(conn.id, map);
    }
    return map;
  }

  /** Loupe's records of one connection, newest first (no request to the server). */
  recordsFor(conn: ConnectionHandle): TaskRecord[] {
    return [...this.recordsOf(conn).values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** One record with its whole result; not_found when Loupe never saw that task. */
  get(conn: ConnectionHandle, taskId: string): TaskRecord {
    const record = this.recordsOf(conn).get(taskId);
    if (!record) throw new AppError("not_found:task", `No task "${taskId}" on "${conn.config.name}"`);
    return record;
  }

  /** Stores the record and publishes it when it changed; returns the stored record. */
  private save(conn: ConnectionHandle, next: TaskRecord, opts: { force?: boolean } = {}): TaskRecord {
    const map = this.recordsOf(conn);
    const prev = map.get(next.taskId);
    map.set(next.taskId, next);
    const worthTelling = opts.force || !prev || changed(prev, next);
    if (worthTelling) saveTask(conn.hub.store, next);
    if (worthTelling) publishTask(conn, next);
    if (map.size > MAX_RECORDS) pruneFinished(conn, map, MAX_RECORDS);
    return next;
  }

  /**
   * Applies what the server said about a task (creation, tasks/get, tasks/list, a notification).
   * An older report never overwrites a newer one, and a finished task never goes back to running.
   */
  private applyTask(conn: ConnectionHandle, task: Task, extra: Partial<TaskRecord> = {}): TaskRecord {
    const next = mergeTaskReport(conn, this.recordsOf(conn).get(task.taskId), task, extra, Date.now());
    const saved = this.save(conn, next);
    // The server's questions for an input_required task travel on the tasks/result response
    // stream (SEP-1686): open it so they reach the inbox.
    if (saved.status === "input_required" && saved.flavour !== "extension" && saved.sessionKey === conn.sessionKey) {
      void this.startResult(conn, saved.taskId).catch(() => undefined);
    }
    return saved;
  }

  /** tools/call with a `task` param: the server answers at once with the created task. */
  async run(conn: ConnectionHandle, body: RunTaskBody): Promise<TaskRecord> {
    const client = conn.requireClient();
    const listing = await conn.listTools().catch((error: unknown) => {
      throw error instanceof AppError ? error : new AppError("upstream:mcp", `Listing the tools failed: ${errorMessage(error)}`);
    });
    const tool = listing.tools.find((t) => t.name === body.name);
    if (!tool) throw new AppError("not_found:tool", `"${conn.config.name}" lists no tool named "${body.name}"`);
    if (this.extension.negotiated(conn)) return this.extension.run(conn, body);
    const refusal = taskRefusal(conn.config.name, conn.state.capabilities, tool);
    if (refusal) {
      const code = serverTaskSupport(conn.state.capabilities).toolsCall ? "bad_request:task_support" : "conflict:tasks_unsupported";
      throw new AppError(code, refusal, { taskSupport: tool.execution?.taskSupport ?? null });
    }
    const task = await createNativeTask(conn, client, body);
    return this.applyTask(conn, task, {
      origin: "loupe",
      tool: body.name,
      args: body.arguments,
      sessionKey: conn.sessionKey,
    });
  }

  /** Refuses requests about a task of an earlier MCP session (the server no longer knows it). */
  private requireLive(conn: ConnectionHandle, taskId: string): { client: Client; record: TaskRecord | undefined } {
    const client = conn.requireClient();
    const record = this.recordsOf(conn).get(taskId);
    if (record && record.sessionKey !== conn.sessionKey) {
      throw new AppError(
        "conflict:task_session",
        `Task "${taskId}" belongs to an earlier session of "${conn.config.name}"; the server no longer knows it`,
      );
    }
    return { client, record };
  }

  /** Keeps the failure on the record (shown beside the task) and returns it to throw. */
  private fail(conn: ConnectionHandle, taskId: string, error: AppError, method: TaskMethod): AppError {
    const record = this.recordsOf(conn).get(taskId);
    if (record) {
      this.save(conn, { ...record, error: { ...error.toJSON(), method }, ...(method === "tasks/result" ? { awaitingResult: false } : {}) });
    }
    return error;
  }

  private clearError(conn: ConnectionHandle, record: TaskRecord, method: TaskMethod): TaskRecord {
    if (record.error?.method !== method) return record;
    const { error: _drop, ...rest } = record;
    return this.save(conn, rest);
  }

  /** tasks/get. */
  async poll(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const { client, record } = this.requireLive(conn, taskId);
    if (record?.flavour === "extension") return this.extension.poll(conn, taskId);
    const timeout = conn.config.requestTimeoutMs;
    let task: Task;
    try {
      task = TaskSchema.parse(await client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, { timeout }));
    } catch (error) {
      throw this.fail(conn, taskId, taskRequestError(error, "tasks/get", timeout), "tasks/get");
    }
    return this.clearError(conn, this.applyTask(conn, task), "tasks/get");
  }

  /**
   * tasks/result. It blocks until the task ends, so it runs in the background: a finished task's
   * result is awaited here, an unfinished one returns at once with `awaitingResult` and the
   * result arrives as a "task" entry.
   */
  async fetchResult(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const { record } = this.requireLive(conn, taskId);
    // The extension has no tasks/result: tasks/get carries the result once the task completed.
    if (record?.flavour === "extension") return this.extension.fetchResult(conn, taskId);
    const pending = this.startResult(conn, taskId);
    if (!record || isTerminalTaskStatus(record.status)) await pending;
    return this.get(conn, taskId);
  }

  private startResult(conn: ConnectionHandle, taskId: string): Promise<void> {
    const key = `${conn.id}\n${taskId}`;
    const existing = this.pendingResults.get(key);
    if (existing) return existing;
    const known = this.recordsOf(conn).get(taskId);
    const timeout = Math.min(MAX_RESULT_WAIT_MS, Math.max(conn.config.requestTimeoutMs, known?.ttl ?? 0));
    const run = async () => {
      try {
        const client = conn.requireClient();
        if (known && !known.awaitingResult) this.save(conn, { ...known, awaitingResult: true });
        const result = await client.request({ method: "tasks/result", params: { taskId } }, CallToolResultSchema, {
          timeout,
          resetTimeoutOnProgress: true,
        });
        const base = this.recordsOf(conn).get(taskId) ?? serverOnlyRecord(conn, taskId);
        const { error: _drop, ...rest } = base;
        this.save(conn, { ...rest, result, resultFetchedAt: Date.now(), awaitingResult: false });
        // The result means the task ended: learn its final status (best effort).
        if (!isTerminalTaskStatus(base.status)) await this.poll(conn, taskId).catch(() => undefined);
      } catch (error) {
        const record = this.recordsOf(conn).get(taskId);
        const failure = taskRequestError(error, "tasks/result", timeout);
        // A cancelled task has no result to give: that is not a failure worth showing.
        if (record?.status === "cancelled") this.save(conn, { ...record, awaitingResult: false });
        else this.fail(conn, taskId, failure, "tasks/result");
        throw failure;
      } finally {
        this.pendingResults.delete(key);
      }
    };
    // Started a microtask later, so it is registered before its `finally` can run (a synchronous
    // failure, e.g. not connected, would otherwise leave a rejected promise cached for good).
    const pending = Promise.resolve().then(run);
    this.pendingResults.set(key, pending);
    return pending;
  }

  /** tasks/cancel: the server answers with the task in its new (cancelled) status. */
  async cancel(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const { client, record } = this.requireLive(conn, taskId);
    if (record?.flavour === "extension") return this.extension.cancel(conn, taskId);
    if (!serverTaskSupport(conn.state.capabilities).cancel) {
      throw new AppError("conflict:tasks_unsupported", `"${conn.config.name}" does not support tasks/cancel (no tasks.cancel capability)`);
    }
    const timeout = conn.config.requestTimeoutMs;
    let task: Task;
    try {
      task = TaskSchema.parse(await client.request({ method: "tasks/cancel", params: { taskId } }, CancelTaskResultSchema, { timeout }));
    } catch (error) {
      throw this.fail(conn, taskId, taskRequestError(error, "tasks/cancel", timeout), "tasks/cancel");
    }
    return this.clearError(conn, this.applyTask(conn, task), "tasks/cancel");
  }

  /** Loupe's records merged with the server's tasks/list (when connected and supported). */
  async listing(conn: ConnectionHandle): Promise<TaskListing> {
    const support = serverTaskSupport(conn.state.capabilities);
    let listError: TaskListing["listError"];
    if (conn.state.status === "connected" && conn.client && support.list) {
      listError = await listServerTasks(conn, (task) => this.applyTask(conn, task));
    }
    return {
      support,
      sessionKey: conn.sessionKey,
      tasks: this.recordsFor(conn),
      ...(listError ? { listError } : {}),
      listedAt: Date.now(),
    };
  }

  /**
   * A plain tools/call answered with a task of the Tasks extension (the server's choice once Loupe
   * declared it): the task is read from the recorded response and followed; null when the
   * response carried none.
   */
  adoptCallTask(conn: ConnectionHandle, requestId: string | number, tool: string, args: Record<string, unknown>): TaskRecord | null {
    try {
      return this.extension.adopt(conn, recordedTask(conn, requestId), tool, args);
    } catch {
      return null;
    }
  }

  /** notifications/tasks (Tasks extension): the server pushes the detailed task. */
  onExtensionNotification(conn: ConnectionHandle, params: unknown): void {
    this.extension.onNotification(conn, params);
  }

  /** notifications/tasks/status: the server pushes a task's new status. */
  onStatusNotification(conn: ConnectionHandle, params: unknown): void {
    const task = TaskSchema.safeParse(params);
    if (task.success) this.applyTask(conn, task.data);
  }
}

const TASKS_KEY = Symbol.for("loupe.tasks");
type TasksGlobal = typeof globalThis & { [TASKS_KEY]?: TaskManager };

/** The one TaskManager of this process (shared by route handlers and notification handlers). */
export function getTaskManager(): TaskManager {
  const g = globalThis as TasksGlobal;
  g[TASKS_KEY] ??= new TaskManager();
  return g[TASKS_KEY];
}
