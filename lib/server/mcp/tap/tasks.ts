import "server-only";
import { z } from "zod";
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import type { CallRecord } from "@/lib/contracts/calls";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { TASKS_EXTENSION } from "@/lib/contracts/tasks";
import { isModern } from "@/lib/server/mcp/era";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { clientCapabilities } from "@/lib/server/mcp/requests/handlers";
import { recordedTask } from "@/lib/server/mcp/tasks/extension";
import { getTaskManager } from "@/lib/server/mcp/tasks/manager";
import { AnyResult, asTapResult, connectedUpstream, upstreamError } from "@/lib/server/mcp/tap/upstream";
import { isRecord } from "@/lib/values";

/**
 * The Tasks extension (SEP-2663, 2026-07-28) through the tap: the tap offers it when an upstream
 * does, and stays a relay — the upstream creates, runs and answers for its tasks. A task-augmented
 * tools/call goes through the connection's CallRunner like any tapped call (gate, history, the
 * Tasks tab adopts the task) and its CreateTaskResult goes back as the upstream sent it; the
 * extension's methods are forwarded to the connection that owns the task, recorded on its traffic.
 * Whether a request is task-augmented is the downstream's choice: its declaration of the extension
 * (session or per request) replaces Loupe's own in the upstream request's clientCapabilities.
 */

/** The extension's methods the tap forwards (tasks/result and tasks/list too: the upstream says whether it serves them). */
export const TAP_TASK_METHODS = ["tasks/get", "tasks/update", "tasks/cancel", "tasks/result", "tasks/list"] as const;

/** The upstream's `capabilities.extensions` tasks entry, when it is a 2026-07-28 server offering the extension. */
export function upstreamTasksEntry(conn: ConnectionHandle): Record<string, unknown> | undefined {
  if (!isModern(conn.state.era)) return undefined;
  const extensions = conn.state.capabilities?.extensions;
  const entry = isRecord(extensions) ? extensions[TASKS_EXTENSION] : undefined;
  return isRecord(entry) ? entry : undefined;
}

/**
 * Loupe's own client capabilities with the ones that are the downstream's to declare replaced by
 * what the downstream declared: sampling, elicitation and roots (the server asks the tap's client),
 * and the Tasks extension (the downstream follows the task, so only it may opt in).
 */
export function downstreamCapabilitiesMeta(conn: ConnectionHandle, declared: Record<string, unknown> | undefined): Record<string, unknown> {
  const own: Record<string, unknown> = { ...clientCapabilities(conn.config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES) };
  for (const key of ["sampling", "elicitation", "roots"]) {
    delete own[key];
    if (declared?.[key] !== undefined) own[key] = declared[key];
  }
  const extensions = isRecord(own.extensions) ? { ...own.extensions } : {};
  delete extensions[TASKS_EXTENSION];
  const asked = isRecord(declared?.extensions) ? declared.extensions[TASKS_EXTENSION] : undefined;
  if (asked !== undefined) extensions[TASKS_EXTENSION] = asked;
  if (Object.keys(extensions).length) own.extensions = extensions;
  else delete own.extensions;
  return { [CLIENT_CAPABILITIES_META_KEY]: own };
}

/** The downstream's declared capabilities with a per-request `_meta` declaration (SEP-2575) taking precedence. */
export function requestCapabilities(
  session: Record<string, unknown> | undefined,
  params: { _meta?: Record<string, unknown> } | undefined,
): Record<string, unknown> | undefined {
  const own = params?._meta?.[CLIENT_CAPABILITIES_META_KEY];
  return isRecord(own) ? own : session;
}

/** Which upstream connection each task created through a tap belongs to (an aggregate has several). */
const owners = new Map<string, string>();
const MAX_OWNERS = 2000;
const ownerKey = (tapId: string, taskId: string) => `${tapId}\u0000${taskId}`;

/**
 * Whether the upstream answered this tapped call with a task: at once (the CallRunner adopted it,
 * status "task"), or on a 2026-07-28 input round's retry leg, which the SDK refused as an
 * unsupported result type after the frame was recorded (the record then says "failed").
 */
export function madeTask(record: CallRecord): boolean {
  if (record.status === "task") return true;
  // The CallRunner keeps no details for that SDK error, only its words (SdkErrorCode.UnsupportedResultType).
  return record.status === "failed" && (record.error?.message ?? "").startsWith("Unsupported result type 'task'");
}

/** The id of the tools/call leg the task came back on: the first, else the latest retry leg of this call. */
function taskLegId(conn: ConnectionHandle, record: CallRecord): string | number {
  if (record.status === "task" && record.requestId !== null) return record.requestId;
  const frames = conn.hub.store.connectionEntriesOfKinds(conn.id, ["message"], undefined, 200);
  const legs = new Set<string | number>();
  for (const frame of [...frames].reverse()) {
    const raw = frame.raw;
    if (!isRecord(raw) || frame.receivedAt < record.startedAt) continue;
    const params = isRecord(raw.params) ? raw.params : undefined;
    const id = requestIdOf(raw);
    if (frame.direction === "out" && raw.method === "tools/call" && params?.name === record.tool && params.inputResponses !== undefined) {
      if (id !== undefined) legs.add(id);
    }
  }
  for (const frame of frames) {
    const raw = frame.raw;
    const id = isRecord(raw) ? requestIdOf(raw) : undefined;
    if (
      frame.direction === "in" &&
      isRecord(raw) &&
      id !== undefined &&
      legs.has(id) &&
      isRecord(raw.result) &&
      raw.result.resultType === "task"
    ) {
      return id;
    }
  }
  throw new ProtocolError(
    ProtocolErrorCode.InternalError,
    `Loupe's tap: the server made ${record.tool} a task but its answer was not found in the traffic`,
  );
}

/** A JSON-RPC message's id, when it has one. */
function requestIdOf(message: Record<string, unknown>): string | number | undefined {
  return typeof message.id === "string" || typeof message.id === "number" ? message.id : undefined;
}

/** A tapped call the upstream made a task: its CreateTaskResult, as the upstream sent it (read from the recorded frame). */
export function createdTaskResult(tapId: string, conn: ConnectionHandle, record: CallRecord): Record<string, unknown> {
  const legId = taskLegId(conn, record);
  const task = recordedTask(conn, legId);
  // A task that came on a retry leg is not in the Tasks tab yet (the CallRunner saw a failure).
  if (record.status !== "task") getTaskManager().adoptCallTask(conn, legId, record.tool, record.args);
  owners.set(ownerKey(tapId, task.taskId), conn.id);
  // Bounded: the oldest tasks' owners go first (their connection is only needed by aggregates).
  if (owners.size > MAX_OWNERS) owners.delete(owners.keys().next().value!);
  return asTapResult(task);
}

const TaskParams = z.looseObject({ taskId: z.string().optional() });

/** Registers the extension's methods on the tap's server, each forwarded to the task's upstream connection. */
export function serveTaskMethods(
  server: Server,
  options: {
    tapId: string;
    /** The tap's upstream connections offering the extension (the first answers for a task it did not see created). */
    connectionIds: string[];
    /** What the downstream declared for this request (session capabilities or the 2026-07-28 envelope). */
    declared: (ctx: ServerContext) => Record<string, unknown> | undefined;
    exchange: <T>(ctx: ServerContext, method: string, connectionId: string, work: () => Promise<T>) => Promise<T>;
  },
): void {
  for (const method of TAP_TASK_METHODS) {
    server.setRequestHandler(method, { params: TaskParams, result: AnyResult }, async (params, ctx) => {
      const taskId = typeof params.taskId === "string" ? params.taskId : undefined;
      const connectionId = (taskId ? owners.get(ownerKey(options.tapId, taskId)) : undefined) ?? options.connectionIds[0]!;
      return options.exchange(ctx, method, connectionId, async () => {
        const conn = await connectedUpstream(connectionId);
        const rest: Record<string, unknown> = { ...params };
        delete rest._meta;
        // The SDK lifts a request's inputResponses out of its params (the MRTR field); tasks/update carries them.
        if (ctx.mcpReq.inputResponses !== undefined && rest.inputResponses === undefined) rest.inputResponses = ctx.mcpReq.inputResponses;
        const meta = downstreamCapabilitiesMeta(
          conn,
          requestCapabilities(options.declared(ctx), isRecord(params._meta) ? { _meta: params._meta } : undefined),
        );
        const gen = conn.generation;
        try {
          const result = await conn.requireClient().request({ method, params: { ...rest, _meta: meta } }, AnyResult, {
            timeout: conn.config.requestTimeoutMs,
            signal: ctx.mcpReq.signal,
          });
          return asTapResult(result);
        } catch (error) {
          throw await upstreamError(conn, gen, error);
        }
      });
    });
  }
}

/** The connections (of a tap's) that offer the extension. */
export function tasksOffered(conns: ConnectionHandle[]): string[] {
  return conns.filter((conn) => upstreamTasksEntry(conn) !== undefined).map((conn) => conn.id);
}
