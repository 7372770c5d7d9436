import { randomUUID } from "node:crypto";
import type { CallToolResult, InputRequests } from "@modelcontextprotocol/server";

/**
 * The demo's tasks (Tasks extension, SEP-2663): one store per process, shared by every Server
 * instance (over HTTP a 2026-07-28 request gets its own Server, so a task must outlive it).
 * A task runs a job; the job may park the task in `input_required` with input requests that the
 * client answers with tasks/update, possibly a few keys at a time.
 */

export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";
const TERMINAL: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);
export const isTerminal = (status: TaskStatus) => TERMINAL.has(status);

/** How long a task stays readable after it was created (the task's ttlMs). */
export const TASK_TTL_MS = 30 * 60_000;
/** How often a client should poll tasks/get. */
export const TASK_POLL_MS = 250;

export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/** A task as tasks/get shows it (DetailedTask), without resultType. */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  result?: CallToolResult;
  error?: TaskError;
  inputRequests?: InputRequests;
}

/** What a job may do while it runs as a task. */
export interface TaskJob {
  signal: AbortSignal;
  /** Sets the task's statusMessage (and, inline, sends it as progress). */
  status(message: string): void;
  /** Parks the task until every request is answered; resolves with the answers by key. */
  ask(requests: InputRequests): Promise<Record<string, unknown>>;
  /** Waits, or rejects when the task is cancelled. */
  sleep(ms: number): Promise<void>;
}

export type JobRunner = (job: TaskJob) => Promise<CallToolResult>;

/** A job that failed at the protocol level (not a tool error): the task ends `failed`. */
export class TaskProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface Entry extends TaskView {
  abort: AbortController;
  /** Answers collected for the keys of the current round. */
  collected: Record<string, unknown>;
  /** Resolves the job's pending ask() once every key is answered. */
  resume?: (answers: Record<string, unknown>) => void;
  expires: NodeJS.Timeout;
}

export type TaskListener = (view: TaskView) => void;

export class DemoTaskStore {
  private readonly tasks = new Map<string, Entry>();
  private readonly listeners = new Set<TaskListener>();

  constructor(private readonly ttlMs = TASK_TTL_MS) {}

  /** Creates the task (readable at once by tasks/get) and starts its job. */
  start(run: JobRunner, statusMessage = "Working"): TaskView {
    const now = new Date().toISOString();
    const entry: Entry = {
      taskId: randomUUID(),
      status: "working",
      statusMessage,
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.ttlMs,
      pollIntervalMs: TASK_POLL_MS,
      abort: new AbortController(),
      collected: {},
      expires: setTimeout(() => this.drop(entry.taskId), this.ttlMs),
    };
    entry.expires.unref();
    this.tasks.set(entry.taskId, entry);
    const job = this.jobFor(entry);
    void run(job).then(
      (result) => this.settle(entry, { status: "completed", statusMessage: "Done", result }),
      (error: unknown) => {
        if (entry.abort.signal.aborted) return;
        const failure =
          error instanceof TaskProtocolError
            ? { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) }
            : { code: -32603, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` };
        this.settle(entry, { status: "failed", statusMessage: failure.message, error: failure });
      },
    );
    return this.view(entry);
  }

  get(taskId: string): TaskView | undefined {
    const entry = this.tasks.get(taskId);
    return entry ? this.view(entry) : undefined;
  }

  has(taskId: string): boolean {
    return this.tasks.has(taskId);
  }

  /**
   * tasks/update: answers for outstanding keys are kept, other keys ignored (the spec's rule);
   * the task resumes once every key of the round is answered.
   */
  update(taskId: string, responses: Record<string, unknown>): void {
    const entry = this.tasks.get(taskId);
    if (!entry || entry.status !== "input_required" || !entry.inputRequests) return;
    const pending = { ...entry.inputRequests };
    for (const [key, value] of Object.entries(responses)) {
      if (!(key in pending)) continue;
      entry.collected[key] = value;
      delete pending[key];
    }
    if (Object.keys(pending).length > 0) {
      this.change(entry, { inputRequests: pending });
      return;
    }
    const answers = entry.collected;
    entry.collected = {};
    const resume = entry.resume;
    entry.resume = undefined;
    this.change(entry, { status: "working", inputRequests: undefined, statusMessage: "Resuming with your answers" });
    resume?.(answers);
  }

  /** tasks/cancel: a running task ends `cancelled`; a terminal one is left as it is. */
  cancel(taskId: string): void {
    const entry = this.tasks.get(taskId);
    if (!entry || isTerminal(entry.status)) return;
    entry.abort.abort(new Error("cancelled"));
    this.settle(entry, { status: "cancelled", statusMessage: "Cancelled by the client", inputRequests: undefined });
  }

  /** Status changes, for notifications/tasks. Returns the unsubscribe. */
  listen(listener: TaskListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stops every running job and forgets all tasks (server shutdown, tests). */
  close(): void {
    for (const entry of this.tasks.values()) {
      entry.abort.abort(new Error("server closed"));
      clearTimeout(entry.expires);
    }
    this.tasks.clear();
    this.listeners.clear();
  }

  private jobFor(entry: Entry): TaskJob {
    const signal = entry.abort.signal;
    return {
      signal,
      status: (message) => {
        if (!isTerminal(entry.status)) this.change(entry, { statusMessage: message });
      },
      ask: (requests) =>
        new Promise((resolve, reject) => {
          if (signal.aborted) return reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          entry.resume = resolve;
          entry.collected = {};
          this.change(entry, { status: "input_required", inputRequests: { ...requests }, statusMessage: "Waiting for your answer" });
        }),
      sleep: (ms) => abortableSleep(ms, signal),
    };
  }

  private settle(entry: Entry, patch: Partial<TaskView>): void {
    if (isTerminal(entry.status)) return;
    this.change(entry, { ...patch, inputRequests: undefined });
  }

  private change(entry: Entry, patch: Partial<TaskView>): void {
    Object.assign(entry, patch, { lastUpdatedAt: new Date().toISOString() });
    const view = this.view(entry);
    for (const listener of this.listeners) listener(view);
  }

  private drop(taskId: string): void {
    const entry = this.tasks.get(taskId);
    if (!entry) return;
    entry.abort.abort(new Error("expired"));
    this.tasks.delete(taskId);
  }

  private view(entry: Entry): TaskView {
    const view: TaskView = {
      taskId: entry.taskId,
      status: entry.status,
      createdAt: entry.createdAt,
      lastUpdatedAt: entry.lastUpdatedAt,
      ttlMs: entry.ttlMs,
      pollIntervalMs: entry.pollIntervalMs,
    };
    if (entry.statusMessage !== undefined) view.statusMessage = entry.statusMessage;
    if (entry.status === "completed" && entry.result) view.result = entry.result;
    if (entry.status === "failed" && entry.error) view.error = entry.error;
    if (entry.status === "input_required" && entry.inputRequests) view.inputRequests = entry.inputRequests;
    return view;
  }
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
