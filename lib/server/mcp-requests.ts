import "server-only";
import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CancelledNotificationSchema,
  CancelTaskRequestSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
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
  RequestId,
  Task,
} from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ClientCapabilitiesConfig, ConnectionConfig, ConnectionView, RootEntry } from "@/lib/contracts/connections";
import { ElicitationAnswer, SamplingAnswer } from "@/lib/contracts/mcp-requests";
import type { McpAnswerBody, McpClientRequest, McpRequestKind } from "@/lib/contracts/mcp-requests";
import { AppError } from "@/lib/errors";
import { defaultValueForSchema, isPlainObject, validateValue } from "@/lib/schema/form";
import { parseWith } from "@/lib/server/http";
import type { McpConnection } from "@/lib/server/mcp-connection";

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
// Pure mapping: request params → kind, user answer → what goes back on the wire.
// ---------------------------------------------------------------------------------------------

/** The error code the spec's sampling example uses for "User rejected sampling request". */
export const SAMPLING_REJECTED_CODE = -1;

/** Which inbox kind a server → client request is (elicitation without `mode` is form mode). */
export function requestKind(method: string, params: Record<string, unknown>): McpRequestKind {
  if (method === "sampling/createMessage") return "sampling";
  return params.mode === "url" ? "elicitation_url" : "elicitation_form";
}

/** Validates an answer body against the request's kind (400 `bad_request:body` when it does not fit). */
export function parseAnswer(kind: McpRequestKind, body: unknown): McpAnswerBody {
  return kind === "sampling" ? parseWith(SamplingAnswer, body, "body") : parseWith(ElicitationAnswer, body, "body");
}

/** Either the result Loupe returns to the server or the JSON-RPC error it answers with. */
export type WireOutcome = { result: CreateMessageResult | ElicitResult } | { error: McpError };

/** A sampling answer as the server receives it: the user's text as the assistant message, or -1. */
export function samplingOutcome(answer: SamplingAnswer): WireOutcome {
  if (answer.action === "reject") return { error: new McpError(SAMPLING_REJECTED_CODE, answer.message) };
  return {
    result: {
      role: "assistant",
      content: { type: "text", text: answer.text },
      model: answer.model,
      stopReason: answer.stopReason,
    },
  };
}

/**
 * The top-level content of a form answer as the server will see it: the SDK fills in schema
 * defaults for properties left out (elicitation.form.applyDefaults), so validation must too.
 */
export function withSchemaDefaults(schema: unknown, content: Record<string, unknown>): Record<string, unknown> {
  const props = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
  const out = { ...content };
  for (const [name, prop] of Object.entries(props)) {
    if (out[name] !== undefined) continue;
    const value = defaultValueForSchema(prop, schema);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * An elicitation answer as the server receives it. Form content is checked against the requested
 * schema (defaults applied first, as the SDK will) and refused with 400 when it does not fit; the
 * content itself is sent as given, so the SDK's default handling is what the server sees.
 */
export function elicitationOutcome(answer: ElicitationAnswer, params: Record<string, unknown>): WireOutcome {
  if (answer.action !== "accept") return { result: { action: answer.action } };
  if (params.mode === "url") return { result: { action: "accept" } };
  const content = answer.content ?? {};
  const schema = params.requestedSchema;
  const checked = validateValue(schema, withSchemaDefaults(schema, content));
  if (!checked.ok) {
    const first = checked.errors[0]!;
    const where = first.path ? `${first.path}: ` : "";
    throw new AppError("bad_request:elicitation_content", `The answer does not fit the requested schema: ${where}${first.message}`, {
      issues: checked.errors,
    });
  }
  // The SDK checks the result again (ElicitResultSchema: flat string / number / boolean / string[]
  // values) after the handler returned, too late to tell the user: refuse here instead.
  const wire = ElicitResultSchema.safeParse({ action: "accept", content });
  if (!wire.success) {
    const issue = wire.error.issues[0];
    const where = issue?.path.length ? `/${issue.path.slice(1).join("/")}: ` : "";
    throw new AppError(
      "bad_request:elicitation_content",
      `The answer cannot be sent: ${where}elicitation values must be strings, numbers, booleans or lists of strings`,
      { issues: wire.error.issues.map((i) => ({ path: `/${i.path.slice(1).join("/")}`, message: i.message })) },
    );
  }
  return { result: { action: "accept", content: content as ElicitResult["content"] } };
}

// ---------------------------------------------------------------------------------------------
// The registry of client requests.
// ---------------------------------------------------------------------------------------------

interface TaskState {
  task: Task;
}

interface Tracked {
  request: McpClientRequest;
  conn: McpConnection;
  /** The connection generation (session) the request arrived in. */
  gen: number;
  /** Settles once: with what Loupe answered, or with the reason the request cannot be answered. */
  outcome: Promise<WireOutcome>;
  settle: (outcome: WireOutcome) => void;
  /** Set when the server asked for the request to run as a task (params.task). */
  task?: TaskState;
}

/** Answered / stale requests kept for the inbox; the oldest settled ones go first. */
const MAX_SETTLED = 500;
const TASK_POLL_MS = 1000;

function deferred(): { promise: Promise<WireOutcome>; resolve: (o: WireOutcome) => void } {
  let resolve!: (o: WireOutcome) => void;
  const promise = new Promise<WireOutcome>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Every sampling / elicitation request servers sent, process-wide. Pending ones hold the resolver
 * their SDK handler (or tasks/result) waits on. Every change is recorded as a loupe/mcp_request
 * entry (raw = the whole McpClientRequest) so the UI stream sees it.
 */
export class ClientRequests {
  private readonly tracked = new Map<string, Tracked>();
  private readonly rootsSeen = new Map<string, { count: number; lastAt: number }>();

  list(opts: { connectionId?: string } = {}): McpClientRequest[] {
    this.sweep();
    return [...this.tracked.values()]
      .filter((t) => opts.connectionId === undefined || t.request.connectionId === opts.connectionId)
      .map((t) => t.request)
      .sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending") || b.createdAt - a.createdAt);
  }

  get(id: string): McpClientRequest | undefined {
    this.sweep();
    return this.tracked.get(id)?.request;
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
  async answer(connectionId: string, requestId: string, body: unknown): Promise<McpClientRequest> {
    this.sweep();
    const t = this.tracked.get(requestId);
    if (!t || t.request.connectionId !== connectionId) {
      throw new AppError("not_found:mcp_request", `No client request "${requestId}" on this connection`);
    }
    if (t.request.status !== "pending") {
      const why = t.request.status === "answered" ? "was already answered" : `is ${t.request.status}${t.request.reason ? ` (${t.request.reason})` : ""}`;
      throw new AppError("conflict:mcp_request", `The request ${why}`, { status: t.request.status });
    }
    const parsed = parseAnswer(t.request.kind, body);
    const outcome =
      t.request.kind === "sampling"
        ? samplingOutcome(parsed as SamplingAnswer)
        : elicitationOutcome(parsed as ElicitationAnswer, t.request.params);
    this.update(t, { status: "answered", answer: { at: Date.now(), body: parsed } });
    if (t.task) {
      const failed = "error" in outcome;
      this.setTaskStatus(t, failed ? "failed" : "completed", failed ? outcome.error.message : undefined);
    }
    t.settle(outcome);
    return t.request;
  }

  /** Starts tracking a request the server just sent; recorded at once (relatedCall: see onlyRunningCall). */
  open(conn: McpConnection, gen: number, method: string, jsonrpcId: string | number, params: Record<string, unknown>): Tracked {
    const { promise, resolve } = deferred();
    let settled = false;
    const request: McpClientRequest = {
      id: randomUUID(),
      connectionId: conn.id,
      connectionName: conn.config.name,
      sessionKey: conn.sessionKey,
      kind: requestKind(method, params),
      jsonrpcId,
      params,
      createdAt: Date.now(),
      status: "pending",
    };
    const related = onlyRunningCall(conn);
    if (related) request.relatedCall = related;
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
    conn.recordEntry("loupe", "local", "mcp_request", request);
    return t;
  }

  /** The server cannot receive an answer any more; the waiting handler is released. */
  markStale(t: Tracked, reason: string): void {
    if (t.request.status !== "pending") return;
    this.update(t, { status: "stale", reason });
    if (t.task) this.setTaskStatus(t, "cancelled", reason);
    t.settle({ error: new McpError(ErrorCode.ConnectionClosed, reason) });
  }

  /**
   * The server forgot the MCP session (it restarted) while the client and its generation live on:
   * nothing it asked before can be answered any more.
   */
  sessionLost(conn: McpConnection, reason: string): void {
    for (const t of this.tracked.values()) {
      if (t.conn === conn && t.request.status === "pending") this.markStale(t, `The session ended: ${reason}`);
    }
  }

  /** notifications/cancelled from the server for a request still waiting on the user. */
  cancelledByServer(conn: McpConnection, gen: number, jsonrpcId: RequestId, reason: string | undefined): void {
    for (const t of this.tracked.values()) {
      if (t.conn === conn && t.gen === gen && !t.task && t.request.jsonrpcId === jsonrpcId && t.request.status === "pending") {
        this.markStale(t, cancelledReason(reason));
      }
    }
  }

  /** Task-augmented requests of one session, for tasks/get, tasks/list, tasks/result, tasks/cancel. */
  findTask(conn: McpConnection, gen: number, taskId: string): Tracked {
    this.sweep();
    for (const t of this.tracked.values()) {
      if (t.conn === conn && t.gen === gen && t.task?.task.taskId === taskId) return t;
    }
    throw new McpError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
  }

  sessionTasks(conn: McpConnection, gen: number): Task[] {
    this.sweep();
    return [...this.tracked.values()].filter((t) => t.conn === conn && t.gen === gen && t.task).map((t) => t.task!.task);
  }

  startTask(t: Tracked, ttl: number | undefined): Task {
    const now = new Date().toISOString();
    t.task = {
      task: {
        taskId: randomUUID(),
        status: "working",
        ttl: ttl ?? null,
        createdAt: now,
        lastUpdatedAt: now,
        pollInterval: TASK_POLL_MS,
        statusMessage: "Waiting for the user to answer in Loupe's inbox",
      },
    };
    return t.task.task;
  }

  private setTaskStatus(t: Tracked, status: Task["status"], statusMessage?: string): void {
    if (!t.task) return;
    t.task.task = { ...t.task.task, status, lastUpdatedAt: new Date().toISOString(), statusMessage };
  }

  private update(t: Tracked, patch: Partial<McpClientRequest>): void {
    t.request = { ...t.request, ...patch };
    t.conn.recordEntry("loupe", "local", "mcp_request", t.request);
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
        this.markStale(t, `The session ended: ${t.conn.closeReason(t.gen)}`);
      }
    }
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

// ---------------------------------------------------------------------------------------------
// SDK handlers.
// ---------------------------------------------------------------------------------------------

function cancelledReason(reason: unknown): string {
  const text = typeof reason === "string" ? reason.trim() : "";
  return `The server cancelled the request${text ? `: ${text}` : ""}`;
}

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
      const reason =
        conn.generation !== gen
          ? `The session ended: ${conn.closeReason(gen)}`
          : cancelledReason(extra.signal.reason);
      requests.markStale(t, reason);
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
      requests.markStale(t, "The server cancelled the task");
      return t.task!.task;
    });
  }
}

/** roots/list's answer: `name` only when there is one. */
export function rootsForWire(roots: RootEntry[]): { uri: string; name?: string }[] {
  return roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri }));
}

/**
 * Saves a connection's roots without reconnecting and tells a connected server with
 * notifications/roots/list_changed (only declared, and so only sent, when roots are on).
 */
export async function saveRoots(
  conn: McpConnection,
  store: { saveConnection(config: ConnectionConfig): void },
  roots: RootEntry[],
): Promise<ConnectionView> {
  const config = { ...conn.config, roots } as ConnectionConfig;
  store.saveConnection(config);
  conn.config = config;
  const choice = config.clientCapabilities ?? DEFAULT_CLIENT_CAPABILITIES;
  if (choice.roots && conn.client && conn.state.status === "connected") {
    try {
      await conn.client.sendRootsListChanged();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError("upstream:roots_list_changed", `The roots were saved but the server could not be told: ${message}`);
    }
  }
  return conn.view();
}

/**
 * The tools/call a server request most likely belongs to. Nothing on the stdio wire links a
 * server→client request to the call that caused it (and the SDK hides which Streamable HTTP
 * stream it came on), so Loupe names a call only when it is the one tools/call of this session
 * still running — never a guess between several.
 */
function onlyRunningCall(conn: McpConnection): McpClientRequest["relatedCall"] | undefined {
  const since = conn.state.connectedAt ?? 0;
  const running = conn.hub.store
    .listCalls(conn.id, { limit: 50 })
    .filter((c) => c.status === "running" && c.startedAt >= since);
  return running.length === 1 ? { callId: running[0]!.id, tool: running[0]!.tool } : undefined;
}
