import "server-only";
import { RELATED_TASK_META_KEY } from "@modelcontextprotocol/sdk/types.js";
import type { Task } from "@modelcontextprotocol/sdk/types.js";
import { isTerminalTaskStatus, pollDelay } from "@/lib/contracts/tasks";
import type { RunTaskBody, TaskRecord } from "@/lib/contracts/tasks";
import type { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { getClientRequests } from "@/lib/server/mcp/requests/registry";
import {
  ExtensionTask,
  createExtensionTask,
  extensionNegotiated,
  getExtensionTask,
  sendExtensionRequest,
  toCoreTask,
} from "@/lib/server/mcp/tasks/extension";
import { taskRequestError } from "@/lib/server/mcp/tasks/records";
import type { TaskMethod } from "@/lib/server/mcp/tasks/records";
import { refreshListen } from "@/lib/server/mcp/resources/listen";

/** What the follower needs of the TaskManager (its records and how a report is applied). */
export interface TaskRecordsAccess {
  apply: (conn: ConnectionHandle, task: Task, extra: Partial<TaskRecord>) => TaskRecord;
  record: (conn: ConnectionHandle, taskId: string) => TaskRecord | undefined;
  save: (conn: ConnectionHandle, record: TaskRecord) => TaskRecord;
}

/** Polling stops after this many failed tasks/get in a row (the record keeps the last error). */
const MAX_POLL_FAILURES = 3;

type Question = ReturnType<ReturnType<typeof getClientRequests>["open"]>;

/**
 * Follows tasks of the Tasks extension (SEP-2663) until they end: polls tasks/get at the server's
 * pollIntervalMs (the extension has no blocking tasks/result), keeps the inline result or error on
 * the record, puts each question of an input_required task in the inbox once (keys are unique over
 * a task's life) and sends the user's answer with tasks/update; cancel is tasks/cancel then a poll.
 */
export class ExtensionTaskFollower {
  /** `${connectionId}\n${taskId}` of the tasks being polled. */
  private readonly following = new Set<string>();
  /** `${connectionId}\n${taskId}\n${key}` → the inbox request asked for that key. */
  private readonly questions = new Map<string, Question>();

  constructor(private readonly records: TaskRecordsAccess) {}

  negotiated(conn: ConnectionHandle): boolean {
    return extensionNegotiated(conn);
  }

  async run(conn: ConnectionHandle, body: RunTaskBody): Promise<TaskRecord> {
    const task = await createExtensionTask(conn, body, body.timeoutMs ?? conn.config.requestTimeoutMs);
    const record = this.apply(conn, task, { origin: "loupe", tool: body.name, args: body.arguments, sessionKey: conn.sessionKey });
    this.follow(conn, task.taskId);
    return record;
  }

  /** A plain tools/call the server answered with a task: Loupe follows it like one it created. */
  adopt(conn: ConnectionHandle, task: ExtensionTask, tool: string, args: Record<string, unknown>): TaskRecord {
    const record = this.apply(conn, task, { origin: "loupe", tool, args, sessionKey: conn.sessionKey });
    this.follow(conn, task.taskId);
    return record;
  }

  async poll(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const timeout = conn.config.requestTimeoutMs;
    let task: ExtensionTask;
    try {
      task = await getExtensionTask(conn, taskId, timeout);
    } catch (error) {
      throw this.fail(conn, taskId, taskRequestError(error, "tasks/get", timeout), "tasks/get");
    }
    return this.apply(conn, task, {});
  }

  async fetchResult(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const record = await this.poll(conn, taskId);
    if (isTerminalTaskStatus(record.status)) return record;
    this.follow(conn, taskId);
    return this.records.save(conn, { ...record, awaitingResult: true });
  }

  async cancel(conn: ConnectionHandle, taskId: string): Promise<TaskRecord> {
    const timeout = conn.config.requestTimeoutMs;
    try {
      await sendExtensionRequest(conn, "tasks/cancel", { taskId }, timeout);
    } catch (error) {
      throw this.fail(conn, taskId, taskRequestError(error, "tasks/cancel", timeout), "tasks/cancel");
    }
    // The acknowledgement says nothing of the status (cancellation is cooperative): ask.
    return this.poll(conn, taskId);
  }

  onNotification(conn: ConnectionHandle, params: unknown): void {
    const task = ExtensionTask.safeParse(params);
    if (task.success && this.records.record(conn, task.data.taskId)?.flavour === "extension") this.apply(conn, task.data, {});
  }

  /** Applies a detailed task: status, inline result / error, and the questions it asks. */
  private apply(conn: ConnectionHandle, task: ExtensionTask, extra: Partial<TaskRecord>): TaskRecord {
    const inline: Partial<TaskRecord> = { flavour: "extension", ...extra };
    if (task.status === "completed" && task.result)
      Object.assign(inline, { result: task.result, resultFetchedAt: Date.now(), awaitingResult: false });
    if (task.status === "failed" && task.error) {
      const message = typeof task.error.message === "string" ? task.error.message : "The task failed";
      Object.assign(inline, {
        error: { code: "upstream:task_failed", message, details: task.error, method: "tasks/get" },
        awaitingResult: false,
      });
    }
    const keys = task.status === "input_required" && task.inputRequests ? Object.keys(task.inputRequests) : [];
    inline.inputKeys = keys;
    const record = this.records.apply(conn, toCoreTask(task), inline);
    if (keys.length > 0) this.ask(conn, task.taskId, task.inputRequests!);
    if (isTerminalTaskStatus(record.status)) this.dropQuestions(conn, task.taskId, record.status);
    return record;
  }

  /** Each new key of inputRequests becomes an inbox request; the answer goes back with tasks/update. */
  private ask(conn: ConnectionHandle, taskId: string, inputRequests: Record<string, unknown>): void {
    const requests = getClientRequests();
    for (const [key, entry] of Object.entries(inputRequests)) {
      const id = `${conn.id}\n${taskId}\n${key}`;
      if (this.questions.has(id) || !isRecord(entry)) continue;
      const method = entry.method;
      if (method !== "elicitation/create" && method !== "sampling/createMessage") continue;
      // The related-task _meta ties it to the task (and to no running tools/call).
      const params = { ...(isRecord(entry.params) ? entry.params : {}), _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
      const question = requests.open(conn, conn.generation, method, key, params);
      this.questions.set(id, question);
      void question.outcome.then(async (outcome) => {
        // A rejected sampling has no place in inputResponses: the task keeps waiting for the server's next move.
        if (!("result" in outcome) || conn.sessionKey !== this.records.record(conn, taskId)?.sessionKey) return;
        const timeout = conn.config.requestTimeoutMs;
        try {
          await sendExtensionRequest(conn, "tasks/update", { taskId, inputResponses: { [key]: outcome.result } }, timeout);
          this.follow(conn, taskId);
        } catch (error) {
          this.fail(conn, taskId, taskRequestError(error, "tasks/update", timeout), "tasks/update");
        }
      });
    }
  }

  private dropQuestions(conn: ConnectionHandle, taskId: string, status: string): void {
    const prefix = `${conn.id}\n${taskId}\n`;
    for (const [id, question] of this.questions) {
      if (!id.startsWith(prefix)) continue;
      getClientRequests().markStale(question, `The task ended (${status}); the server no longer waits for this answer`, "call_ended");
    }
  }

  /** Polls in the background until the task ends, the session changes or tasks/get keeps failing. */
  private follow(conn: ConnectionHandle, taskId: string): void {
    const id = `${conn.id}\n${taskId}`;
    if (this.following.has(id)) return;
    this.following.add(id);
    // On 2026-07-28 its status notifications come only if the listen filter names the task.
    void refreshListen(conn).catch(() => undefined);
    const session = conn.sessionKey;
    let failures = 0;
    const tick = async () => {
      const record = this.records.record(conn, taskId);
      if (!record || isTerminalTaskStatus(record.status) || conn.sessionKey !== session || conn.state.status !== "connected") {
        this.following.delete(id);
        void refreshListen(conn).catch(() => undefined);
        return;
      }
      try {
        await this.poll(conn, taskId);
        failures = 0;
      } catch {
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) {
          this.following.delete(id);
          return;
        }
      }
      setTimeout(() => void tick(), pollDelay(this.records.record(conn, taskId)?.pollInterval)).unref?.();
    };
    setTimeout(() => void tick(), pollDelay(this.records.record(conn, taskId)?.pollInterval)).unref?.();
  }

  private fail(conn: ConnectionHandle, taskId: string, error: AppError, method: TaskMethod): AppError {
    const record = this.records.record(conn, taskId);
    if (record) this.records.save(conn, { ...record, error: { ...error.toJSON(), method } });
    return error;
  }
}
