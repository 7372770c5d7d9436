import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { asObject } from "../json";
import type { DemoTool } from "../types";
import { validateArguments } from "../validate";
import type { DemoTaskStore, TaskView } from "./task-store";
import { TASKS_EXTENSION, missingTasksExtension } from "./task-tools";

/**
 * The Tasks extension's wire (SEP-2663) on 2026-07-28 requests. The SDK v2 ships only the
 * schemas, so the demo answers these messages itself, before the SDK's dispatcher sees them:
 * - tools/call of a task tool from a client that declared the extension (per request, in
 *   `_meta["io.modelcontextprotocol/clientCapabilities"].extensions`) → `resultType: "task"` and
 *   the task flat at the top level; MRTR rounds first when the tool asks before starting;
 * - tasks/get (the task with result, error or inputRequests inline), tasks/update (answers),
 *   tasks/cancel (an empty ack) — refused with -32021 when the request did not declare the
 *   extension, -32602 for an unknown task;
 * - tasks/result and tasks/list, removed by the extension, are -32601.
 * Everything else (and a task tool called without the extension) goes on to the SDK.
 */

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: Record<string, unknown>;
}

export type JsonRpcAnswer =
  | { jsonrpc: "2.0"; id: string | number; result: Record<string, unknown> }
  | { jsonrpc: "2.0"; id: string | number; error: { code: number; message: string; data?: unknown } };

const TASK_METHODS = new Set(["tasks/get", "tasks/update", "tasks/cancel"]);
const REMOVED_METHODS = new Set(["tasks/result", "tasks/list"]);

export function asRequest(message: unknown): JsonRpcRequest | undefined {
  const m = asObject(message);
  if (!m || typeof m.method !== "string" || (typeof m.id !== "string" && typeof m.id !== "number")) return undefined;
  const params = asObject(m.params);
  return { jsonrpc: "2.0", id: m.id, method: m.method, params };
}

/** Whether this message is one the extension answers (so the HTTP front checks its headers first). */
export function isTasksMessage(request: JsonRpcRequest, tools: ReadonlyMap<string, DemoTool>): boolean {
  if (TASK_METHODS.has(request.method) || REMOVED_METHODS.has(request.method)) return true;
  return request.method === "tools/call" && Boolean(tools.get(String(request.params?.name))?.task);
}

function declaresExtension(params: Record<string, unknown> | undefined): boolean {
  const caps = asObject(asObject(params?._meta)?.[CLIENT_CAPABILITIES_META_KEY]);
  return asObject(caps?.extensions)?.[TASKS_EXTENSION] !== undefined;
}

const ok = (id: JsonRpcRequest["id"], result: Record<string, unknown>): JsonRpcAnswer => ({ jsonrpc: "2.0", id, result });
function fail(id: JsonRpcRequest["id"], error: unknown): JsonRpcAnswer {
  if (error instanceof ProtocolError) {
    return {
      jsonrpc: "2.0",
      id,
      error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) },
    };
  }
  return {
    jsonrpc: "2.0",
    id,
    error: { code: ProtocolErrorCode.InternalError, message: error instanceof Error ? error.message : String(error) },
  };
}

/** The task as tasks/get and CreateTaskResult show it. */
const taskResult = (view: TaskView, resultType: "task" | "complete") => ({ resultType, ...view });

/**
 * The answer to `request`, or undefined to let the SDK serve it. Called only for 2026-07-28
 * requests (the HTTP front's modern branch, the stdio wrapper once a message carries the envelope).
 */
export function answerTasksRequest(
  request: JsonRpcRequest,
  store: DemoTaskStore,
  tools: ReadonlyMap<string, DemoTool>,
): JsonRpcAnswer | undefined {
  const { id, method, params } = request;
  try {
    if (REMOVED_METHODS.has(method)) {
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `Method not found: ${method} (removed by the Tasks extension; tasks/get carries the result)`,
      );
    }
    const declared = declaresExtension(params);
    if (method === "tools/call") {
      const tool = tools.get(String(params?.name));
      if (!tool?.task) return undefined;
      if (!declared) {
        if (tool.task.support === "required") throw missingTasksExtension();
        return undefined; // Runs inline through the SDK.
      }
      const args = validateArguments(tool.definition, params?.arguments);
      const inputResponses = asObject(params?.inputResponses);
      if (params?.inputResponses !== undefined && !inputResponses) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, "inputResponses must be an object");
      }
      const prepared = tool.task.prepare?.(args, inputResponses);
      if (prepared && "ask" in prepared) return ok(id, { resultType: "input_required", inputRequests: prepared.ask });
      const spec = tool.task;
      const view = store.start((job) => spec.run(args, job, prepared?.carry), `Running ${tool.definition.name}`);
      return ok(id, taskResult(view, "task"));
    }
    if (!TASK_METHODS.has(method)) return undefined;
    if (!declared) throw missingTasksExtension();
    const taskId = params?.taskId;
    if (typeof taskId !== "string" || !store.has(taskId)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${String(taskId)}`);
    }
    if (method === "tasks/get") return ok(id, taskResult(store.get(taskId)!, "complete"));
    if (method === "tasks/cancel") {
      store.cancel(taskId);
      return ok(id, { resultType: "complete" });
    }
    const responses = asObject(params?.inputResponses);
    if (!responses) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "tasks/update needs an inputResponses object");
    store.update(taskId, responses);
    return ok(id, { resultType: "complete" });
  } catch (error) {
    return fail(id, error);
  }
}

/** notifications/tasks for a status change (pushed where the demo has a channel: stdio). */
export const taskNotification = (view: TaskView) => ({ jsonrpc: "2.0" as const, method: "notifications/tasks", params: { ...view } });
