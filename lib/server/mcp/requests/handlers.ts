import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import {
  CancelTaskRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
} from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import type { CancelledNotification, ClientResult, CreateMessageResult, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { TASKS_EXTENSION } from "@/lib/contracts/tasks";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import { isPlainObject } from "@/lib/schema/form";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { cancelledReason, rootsForWire } from "@/lib/server/mcp/requests/answers";
import type { WireOutcome } from "@/lib/server/mcp/requests/answers";
import { getClientRequests } from "@/lib/server/mcp/requests/registry";

/** What Loupe declares in initialize for a connection's capability choices. */
export function clientCapabilities(choice: ClientCapabilitiesConfig): ClientCapabilities {
  const caps: ClientCapabilities = {};
  if (choice.sampling) caps.sampling = {};
  if (choice.elicitationForm || choice.elicitationUrl) {
    caps.elicitation = {
      ...(choice.elicitationForm ? { form: { applyDefaults: true } } : {}),
      ...(choice.elicitationUrl ? { url: {} } : {}),
    };
  }
  if (choice.roots) caps.roots = { listChanged: true };
  if (choice.tasks) {
    caps.tasks = {
      list: {},
      cancel: {},
      requests: {
        ...(choice.sampling ? { sampling: { createMessage: {} } } : {}),
        ...(choice.elicitationForm || choice.elicitationUrl ? { elicitation: { create: {} } } : {}),
      },
    };
    // 2026-07-28: tasks are the Tasks extension (SEP-2663), declared in every request's capabilities.
    caps.extensions = { [TASKS_EXTENSION]: {} };
  }
  return caps;
}

// ---------------------------------------------------------------------------------------------
// SDK handlers.
// ---------------------------------------------------------------------------------------------

/**
 * Answers a server request by other means than Loupe's inbox, or returns undefined: the MCP tap
 * (lib/server/mcp/tap) forwards the requests of a tapped call to its own client when that client
 * declared the capability. Set once per process, on globalThis like the registry.
 */
export type ServerRequestRouter = (
  conn: ConnectionHandle,
  method: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
  /** The request's id: a JSON-RPC id, or on 2026-07-28 the server's inputRequests key. */
  id: string | number,
) => Promise<Record<string, unknown>> | undefined;

const ROUTER_KEY = Symbol.for("loupe.serverRequestRouter");
type RouterGlobal = typeof globalThis & { [ROUTER_KEY]?: ServerRequestRouter };

export function setServerRequestRouter(router: ServerRequestRouter | undefined): void {
  (globalThis as RouterGlobal)[ROUTER_KEY] = router;
}

function routeElsewhere(conn: ConnectionHandle, method: string, params: Record<string, unknown>, signal: AbortSignal, id: string | number) {
  return (globalThis as RouterGlobal)[ROUTER_KEY]?.(conn, method, params, signal, id);
}

/** Throws what the outcome carries, or returns the result. */
function unwrap(outcome: WireOutcome): CreateMessageResult | ElicitResult {
  if ("error" in outcome) throw outcome.error;
  return outcome.result;
}

/** The SDK's private cancel handler (Protocol._oncancel), a function when this SDK version has one. */
function isCancelHandler(value: unknown): value is (n: CancelledNotification) => Promise<void> {
  return typeof value === "function";
}

/** Registers the sampling / elicitation / roots (and, with tasks on, tasks/*) request handlers. */
export function installClientRequestHandlers(conn: ConnectionHandle, client: Client, gen: number): void {
  const choice = conn.config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  const requests = getClientRequests();

  /** One inbox request: waits for the user, or answers with a task the server polls. */
  const ask = async (
    method: "sampling/createMessage" | "elicitation/create",
    params: Record<string, unknown>,
    ctx: { mcpReq: { id: string | number; signal: AbortSignal } },
  ): Promise<ClientResult> => {
    // On a 2026-07-28 connection the SDK calls these handlers for each input request of an
    // input_required result (MRTR), with the inputRequests key as id: same inbox, same answer path.
    const extra = { requestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal };
    // A task-augmented request is Loupe's to answer (the tap's client never saw the task).
    const forwarded = isPlainObject(params.task) ? undefined : routeElsewhere(conn, method, params, extra.signal, extra.requestId);
    if (forwarded) return await forwarded;
    const t = requests.open(conn, gen, method, extra.requestId, params);
    const task = isPlainObject(params.task) ? params.task : undefined;
    if (task) {
      // The server polls tasks/get and fetches tasks/result; the answer settles the task.
      const ttl = typeof task.ttl === "number" ? task.ttl : undefined;
      return { task: requests.startTask(t, ttl) };
    }
    const onAbort = () => {
      if (conn.generation !== gen) requests.markStale(t, `The session ended: ${conn.closeReason(gen)}`, "session_ended");
      else requests.markStale(t, cancelledReason(extra.signal.reason), "server_cancelled");
    };
    if (extra.signal.aborted) onAbort();
    else extra.signal.addEventListener("abort", onAbort, { once: true });
    try {
      return unwrap(await t.outcome);
    } finally {
      extra.signal.removeEventListener("abort", onAbort);
    }
  };

  // The SDK's own cancel handling skips JSON-RPC id 0 (`if (!requestId) return` in Protocol._oncancel),
  // so the first request of a session could never become stale: notice the cancel here, then let
  // the SDK abort its handler as usual.
  const own: unknown = Reflect.get(client, "_oncancel");
  const sdkCancel = isCancelHandler(own) ? own.bind(client) : undefined;
  client.setNotificationHandler("notifications/cancelled", async (notification) => {
    const { requestId, reason } = notification.params;
    if (requestId !== undefined) requests.cancelledByServer(conn, gen, requestId, reason);
    await sdkCancel?.(notification);
  });

  if (choice.sampling) {
    client.setRequestHandler(
      "sampling/createMessage",
      async (request, ctx) => (await ask("sampling/createMessage", request.params as Record<string, unknown>, ctx)) as never,
    );
  }
  if (choice.elicitationForm || choice.elicitationUrl) {
    client.setRequestHandler(
      "elicitation/create",
      async (request, ctx) => (await ask("elicitation/create", request.params as Record<string, unknown>, ctx)) as never,
    );
  }
  if (choice.roots) {
    client.setRequestHandler("roots/list", async (request, ctx) => {
      requests.noteRootsRequest(conn.id);
      const forwarded = routeElsewhere(conn, "roots/list", request.params ?? {}, ctx.mcpReq.signal, ctx.mcpReq.id);
      if (forwarded) return (await forwarded) as never;
      return { roots: rootsForWire(conn.config.roots ?? []) };
    });
  }
  if (choice.tasks) {
    // 2025-11-25 tasks are not among the SDK v2's typed methods: registered with their v1 params schemas.
    const taskParams = { params: GetTaskRequestSchema.shape.params };
    client.setRequestHandler("tasks/get", taskParams, (params) => requests.findTask(conn, gen, params.taskId).task!.task);
    client.setRequestHandler("tasks/list", { params: ListTasksRequestSchema.shape.params }, () => ({
      tasks: requests.sessionTasks(conn, gen),
    }));
    client.setRequestHandler("tasks/result", { params: GetTaskPayloadRequestSchema.shape.params }, async (params) => {
      const t = requests.findTask(conn, gen, params.taskId);
      const result = unwrap(await t.outcome);
      return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId: params.taskId } } };
    });
    client.setRequestHandler("tasks/cancel", { params: CancelTaskRequestSchema.shape.params }, (params) => {
      const t = requests.findTask(conn, gen, params.taskId);
      if (t.request.status !== "pending") {
        throw new McpError(ErrorCode.InvalidParams, `Cannot cancel a task in terminal status: ${t.task!.task.status}`);
      }
      requests.markStale(t, "The server cancelled the task", "server_cancelled");
      return t.task!.task;
    });
  }
}
