import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CancelledNotificationSchema,
  CancelTaskRequestSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListRootsRequestSchema,
  ListTasksRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  CancelledNotification,
  ClientCapabilities,
  ClientResult,
  CreateMessageResult,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import { isPlainObject } from "@/lib/schema/form";
import type { McpConnection } from "@/lib/server/mcp-connection";
import { cancelledReason, rootsForWire } from "@/lib/server/mcp-requests/answers";
import type { WireOutcome } from "@/lib/server/mcp-requests/answers";
import { getClientRequests } from "@/lib/server/mcp-requests/registry";

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
  }
  return caps;
}

// ---------------------------------------------------------------------------------------------
// SDK handlers.
// ---------------------------------------------------------------------------------------------

/** Throws what the outcome carries, or returns the result. */
function unwrap(outcome: WireOutcome): CreateMessageResult | ElicitResult {
  if ("error" in outcome) throw outcome.error;
  return outcome.result;
}

/** Registers the sampling / elicitation / roots (and, with tasks on, tasks/*) request handlers. */
export function installClientRequestHandlers(conn: McpConnection, client: Client, gen: number): void {
  const choice = conn.config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  const requests = getClientRequests();

  /** One inbox request: waits for the user, or answers with a task the server polls. */
  const ask = async (
    method: "sampling/createMessage" | "elicitation/create",
    params: Record<string, unknown>,
    extra: { requestId: string | number; signal: AbortSignal },
  ): Promise<ClientResult> => {
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
  const sdk = client as unknown as { _oncancel?: (n: CancelledNotification) => Promise<void> };
  const sdkCancel = sdk._oncancel?.bind(client);
  client.setNotificationHandler(CancelledNotificationSchema, async (notification) => {
    const { requestId, reason } = notification.params;
    if (requestId !== undefined) requests.cancelledByServer(conn, gen, requestId, reason);
    await sdkCancel?.(notification);
  });

  if (choice.sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      ask("sampling/createMessage", request.params as Record<string, unknown>, extra),
    );
  }
  if (choice.elicitationForm || choice.elicitationUrl) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      ask("elicitation/create", request.params as Record<string, unknown>, extra),
    );
  }
  if (choice.roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => {
      requests.noteRootsRequest(conn.id);
      return { roots: rootsForWire(conn.config.roots ?? []) };
    });
  }
  if (choice.tasks) {
    client.setRequestHandler(GetTaskRequestSchema, (request) => requests.findTask(conn, gen, request.params.taskId).task!.task);
    client.setRequestHandler(ListTasksRequestSchema, () => ({ tasks: requests.sessionTasks(conn, gen) }));
    client.setRequestHandler(GetTaskPayloadRequestSchema, async (request) => {
      const t = requests.findTask(conn, gen, request.params.taskId);
      const result = unwrap(await t.outcome);
      return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId: request.params.taskId } } };
    });
    client.setRequestHandler(CancelTaskRequestSchema, (request) => {
      const t = requests.findTask(conn, gen, request.params.taskId);
      if (t.request.status !== "pending") {
        throw new McpError(ErrorCode.InvalidParams, `Cannot cancel a task in terminal status: ${t.task!.task.status}`);
      }
      requests.markStale(t, "The server cancelled the task", "server_cancelled");
      return t.task!.task;
    });
  }
}
