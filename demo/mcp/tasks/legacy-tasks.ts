import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY } from "@modelcontextprotocol/server";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { asObject, isObject } from "../json";
import type { DemoTool } from "../types";
import { validateArguments } from "../validate";
import type { JsonRpcAnswer, JsonRpcRequest } from "./extension";
import { isTerminal } from "./task-store";
import type { DemoTaskStore, TaskView } from "./task-store";

/**
 * 2025-11-25 tasks on one connection (a stdio connection or an HTTP session), over the same
 * store and jobs as the 2026-07-28 extension. The SDK v2 server ships only their schemas, so the
 * demo answers them before the SDK: tools/call with a `task` param → CreateTaskResult
 * (`{ task }`); tasks/get, tasks/result (waits for the end), tasks/list, tasks/cancel. A job's
 * question is sent to the client as elicitation/create (or sampling) tagged with the task in
 * `_meta["io.modelcontextprotocol/related-task"]`; its answer resumes the job. Status changes
 * go out as notifications/tasks/status.
 */

export const LEGACY_TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** A task as 2025-11-25 shows it (ttl / pollInterval, no inline result). */
function legacyTask(view: TaskView) {
  return {
    taskId: view.taskId,
    status: view.status,
    ...(view.statusMessage !== undefined ? { statusMessage: view.statusMessage } : {}),
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttl: view.ttlMs,
    pollInterval: view.pollIntervalMs,
  };
}

const ID_PREFIX = "loupe-demo-task-input-";

export class LegacyTaskSession {
  private readonly owned = new Set<string>();
  private readonly asked = new Set<string>();
  private readonly waiting = new Map<string, (message: Record<string, unknown>) => void>();
  private nextId = 1;
  private readonly off: () => void;

  constructor(
    private readonly store: DemoTaskStore,
    private readonly tools: ReadonlyMap<string, DemoTool>,
    /** Writes a message to this connection's client (server→client request or notification). */
    private readonly send: (message: JSONRPCMessage) => Promise<void>,
  ) {
    this.off = store.listen((view) => {
      if (!this.owned.has(view.taskId)) return;
      void this.send({ jsonrpc: "2.0", method: "notifications/tasks/status", params: legacyTask(view) }).catch(() => undefined);
      if (view.status === "input_required") this.forward(view);
    });
  }

  close(): void {
    this.off();
    for (const taskId of this.owned) this.store.cancel(taskId);
  }

  /** True when `message` answers one of this session's server→client requests (it is consumed). */
  takeResponse(message: unknown): boolean {
    if (!isObject(message) || "method" in message) return false;
    const id = message.id;
    const resolve = typeof id === "string" ? this.waiting.get(id) : undefined;
    if (typeof id !== "string" || !resolve) return false;
    this.waiting.delete(id);
    resolve(message);
    return true;
  }

  /** The answer to a 2025-11-25 task message, or undefined to let the SDK serve it. */
  answer(request: JsonRpcRequest): Promise<JsonRpcAnswer> | undefined {
    const { id, method, params } = request;
    const fail = (error: unknown): JsonRpcAnswer => {
      const e = error instanceof ProtocolError ? error : new ProtocolError(ProtocolErrorCode.InternalError, String(error));
      return { jsonrpc: "2.0", id, error: { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) } };
    };
    const run = async (work: () => Promise<Record<string, unknown>> | Record<string, unknown>) => {
      try {
        return { jsonrpc: "2.0" as const, id, result: await work() };
      } catch (error) {
        return fail(error);
      }
    };
    if (method === "tools/call") {
      const tool = this.tools.get(String(params?.name));
      const hint = params?.task;
      // Only a task tool asked to run as a task, and not one that asks before its task exists.
      if (!tool?.task || !hint || typeof hint !== "object" || tool.task.prepare) return undefined;
      const spec = tool.task;
      return run(() => {
        const args = validateArguments(tool.definition, params?.arguments);
        const view = this.store.start((job) => spec.run(args, job, undefined), `Running ${tool.definition.name}`);
        this.owned.add(view.taskId);
        return { task: legacyTask(view) };
      });
    }
    if (method === "tasks/list")
      return run(() => ({ tasks: [...this.owned].flatMap((t) => (this.store.get(t) ? [legacyTask(this.store.get(t)!)] : [])) }));
    if (method !== "tasks/get" && method !== "tasks/result" && method !== "tasks/cancel") return undefined;
    return run(async () => {
      const taskId = params?.taskId;
      const view = typeof taskId === "string" && this.owned.has(taskId) ? this.store.get(taskId) : undefined;
      if (!view) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${String(taskId)}`);
      if (method === "tasks/get") return legacyTask(view);
      if (method === "tasks/cancel") {
        if (isTerminal(view.status))
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task ${view.taskId}: it is already ${view.status}`);
        this.store.cancel(view.taskId);
        return legacyTask(this.store.get(view.taskId)!);
      }
      const end = await this.settled(view.taskId);
      const related = { [RELATED_TASK_META_KEY]: { taskId: end.taskId } };
      if (end.status === "completed" && end.result) return { ...end.result, _meta: { ...end.result._meta, ...related } };
      if (end.status === "failed" && end.error) throw new ProtocolError(end.error.code, end.error.message, end.error.data);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${end.taskId} was cancelled: it has no result`);
    });
  }

  private settled(taskId: string): Promise<TaskView> {
    const now = this.store.get(taskId);
    if (now && isTerminal(now.status)) return Promise.resolve(now);
    return new Promise((resolve) => {
      const off = this.store.listen((view) => {
        if (view.taskId !== taskId || !isTerminal(view.status)) return;
        off();
        resolve(view);
      });
    });
  }

  /** Sends each of the task's questions to the client once; each answer is a tasks/update. */
  private forward(view: TaskView): void {
    for (const [key, input] of Object.entries(view.inputRequests ?? {})) {
      const tag = `${view.taskId}:${key}`;
      if (this.asked.has(tag)) continue;
      this.asked.add(tag);
      const { method, params } = input as { method: string; params: Record<string, unknown> };
      const id = `${ID_PREFIX}${this.nextId++}`;
      this.waiting.set(id, (response) => {
        const answer = "result" in response ? response.result : { action: "cancel" };
        this.store.update(view.taskId, { [key]: answer });
      });
      const meta = { ...asObject(params._meta), [RELATED_TASK_META_KEY]: { taskId: view.taskId } };
      void this.send({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }).catch(() => {
        this.waiting.delete(id);
        this.store.update(view.taskId, { [key]: { action: "cancel" } });
      });
    }
  }
}
