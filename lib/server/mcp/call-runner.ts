import "server-only";
import { ENTRY_PREVIEW_BYTES } from "@/lib/contracts/entries";
import { randomUUID } from "node:crypto";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toMcpError } from "@/lib/server/mcp/errors";
import { isTaskResultError } from "@/lib/server/mcp/tasks/extension";
import { getTaskManager } from "@/lib/server/mcp/tasks/manager";
import { z } from "zod";
import { DEFAULT_MAX_TOTAL_TIMEOUT_MS } from "@/lib/contracts/calls";
import type { CallOrigin, CallRecord, CallToolBody } from "@/lib/contracts/calls";
import { rpcErrorText, stripRpcPrefix } from "@/lib/protocols/mcp/error-text";
import { AppError } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";
import { nextTick } from "@/lib/server/mcp/connection-handle";
import { sessionLostMessage } from "@/lib/server/mcp/recording-transport";
import { describeNetworkError } from "@/lib/server/mcp/transports";
import { httpFailureWords } from "@/lib/server/mcp/http-refusal";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import type { Store } from "@/lib/server/store";
import type { Entry } from "@/lib/contracts/entries";
import { resultRefOf } from "@/lib/server/mcp/result-ref";
import { paramHeaderValues, scanParamHeaders } from "@/lib/protocols/mcp/param-headers";
import { answeredBeforeWritten, callStore } from "@/lib/server/mcp/call-store";
import { afterThisTurn } from "@/lib/server/after-turn";
import type { CallStore } from "@/lib/server/mcp/call-store";

interface ActiveCall {
  controller: AbortController;
  cancelReason: string | null;
}

type Outcome = Pick<CallRecord, "status" | "result" | "error" | "taskId">;

/** Who made a call that the user did not make on the tool page (a playground model, a tap's client). */
export interface CallAttribution {
  origin?: CallOrigin;
  /** The ToolApproval the call waited for. */
  approvalId?: string;
  /** Progress the server reports for this call (the tap forwards it to its own client). */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting cancels the call upstream (notifications/cancelled), as cancel() does; its reason is kept. */
  signal?: AbortSignal;
  /** Called once with the record as it starts (its id links server→client requests to the caller). */
  onStart?: (record: CallRecord) => void;
  /**
   * `_meta` keys sent with the request; on 2026-07-28 they take precedence over the client's
   * envelope (the tap sends its own client's declared capabilities this way).
   */
  meta?: Record<string, unknown>;
  /**
   * The finished call's row and entry are written on the next turn (setImmediate), after the
   * caller wrote its answer in this one: the tap answers its client first (issue 23: these writes
   * were the last tenth of a millisecond between a tapped call and a bare proxy). Nothing is read
   * between: the client's next request arrives in a later turn, which comes after that write.
   */
  recordAfterAnswer?: boolean;
}

/**
 * Any JSON object. The SDK's CallToolResultSchema refuses a whole result for one content item of
 * an unknown type or with bad base64; the result view flags such items and shows the others.
 */
const AnyResult = z.looseObject({});

/** Over this, a call entry leaves its arguments out (GET …/calls/:callId has them). */
const ENTRY_ARGS_BYTES = 16 * 1024;

/** Runs tools/call for one connection, keeps the in-flight ones cancellable, records every step. */
export class CallRunner {
  private readonly active = new Map<string, ActiveCall>();

  private readonly calls: CallStore;

  constructor(private readonly store: Store) {
    // Opened with the registry (at boot): calls a stopped Loupe left running turn failed at once.
    this.calls = callStore(store);
  }

  /** `response`: the recorded response frame of this call, when there is one. */
  private publish(conn: ConnectionHandle, record: CallRecord, response?: Entry): void {
    // A result is stored once: in its response frame, which the call row points at (resultRef)
    // and the call's entry leaves it out (resultOmitted; the page has it from its POST, or reads
    // GET …/calls/:callId). Before, a 5 MiB call wrote 10 MiB and a 1 KiB one three copies.
    const ref = record.result === undefined ? undefined : resultRefOf(response, record.result);
    // Without a matching frame (no frame seen, or the client changed the result) the row keeps
    // it; the entry then leaves out only a result over the preview size.
    const resultBytes = ref || record.result === undefined ? 0 : Buffer.byteLength(JSON.stringify(record.result));
    const omitted = ref !== undefined || resultBytes > ENTRY_PREVIEW_BYTES;
    // Large arguments too (they are in the request frame): an entry previewed over 64 KB would lose
    // `args` altogether, and the page's history would get a call without arguments. A finished
    // call's entry leaves them out whatever their size (issue 22: a fourth copy on disk): its
    // running entry, the request frame and the call row have them, and the page keeps the ones it
    // holds (lib/queries/loupe-stream.ts keepResult).
    const bigArgs = record.status !== "running" || Buffer.byteLength(JSON.stringify(record.args)) > ENTRY_ARGS_BYTES;
    const entry: CallRecord = {
      ...record,
      ...(omitted ? { result: undefined, resultOmitted: true } : {}),
      ...(bigArgs ? { args: {}, argsOmitted: true } : {}),
    };
    // The call row and its entry in one commit.
    this.store.grouped(() => {
      this.calls.save(record, ref);
      conn.recordEntry("loupe", "local", "call", entry);
    });
  }

  async run(conn: ConnectionHandle, body: CallToolBody, by: CallAttribution = {}): Promise<CallRecord> {
    const client = conn.requireClient();
    const recording = conn.recording;
    const gen = conn.generation;
    const callId = body.callId ?? randomUUID();
    const key = `${conn.id}:${callId}`;
    // A fresh UUID cannot collide: only an id the caller chose is looked up.
    if (this.active.has(key) || (body.callId !== undefined && this.calls.get(callId))) {
      throw new AppError("conflict:call_id", `A call with id "${callId}" already exists`);
    }
    const timeoutMs = body.timeoutMs ?? conn.config.requestTimeoutMs;
    // Running (cancellable, its id taken) from here: the wait below must not leave a gap in which a
    // cancel finds no call, or a second call with the same chosen id gets in.
    const active: ActiveCall = { controller: new AbortController(), cancelReason: null };
    this.active.set(key, active);
    let paramHeaders: Record<string, string> | undefined;
    try {
      // Only a 2026-07-28 HTTP call waits for this (and only when its tool was never listed).
      paramHeaders = carriesParamHeaders(conn) ? await paramHeadersFor(conn, body) : undefined;
    } catch (error) {
      this.active.delete(key);
      throw error;
    }
    const maxTotalTimeoutMs = Math.max(timeoutMs, body.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS);
    const record: CallRecord = {
      id: callId,
      connectionId: conn.id,
      tool: body.name,
      args: body.arguments,
      requestId: null,
      startedAt: Date.now(),
      endedAt: null,
      timeoutMs,
      maxTotalTimeoutMs,
      status: "running",
      ...(by.origin ? { origin: by.origin } : {}),
      ...(by.approvalId ? { approvalId: by.approvalId } : {}),
    };
    by.onStart?.(record);
    const onCallerAbort = () => {
      if (active.cancelReason !== null) return;
      const reason: unknown = by.signal?.reason;
      active.cancelReason = typeof reason === "string" ? reason : reason instanceof Error ? reason.message : "Cancelled by the caller";
      active.controller.abort(active.cancelReason);
    };
    if (by.signal?.aborted) onCallerAbort();
    else by.signal?.addEventListener("abort", onCallerAbort, { once: true });
    let started = false;
    let response: Entry | undefined;
    let unwatchResponse: (() => void) | undefined;
    // The SDK picks the JSON-RPC id inside request() and sends synchronously, so the start entry
    // (carrying requestId = progressToken) is recorded just before the request frame itself.
    const unwatch = recording?.watchNextRequest("tools/call", (id) => {
      record.requestId = id;
      started = true;
      unwatchResponse = conn.hub.watchResponse(conn.id, id, (entry) => (response = entry));
      this.publish(conn, record);
    });
    // Validated by the SDK with AnyResult already (parsing it again was a copy of every result).
    let pending: Promise<z.infer<typeof AnyResult>>;
    try {
      pending = client.request(
        { method: "tools/call", params: { name: body.name, arguments: body.arguments, ...(by.meta ? { _meta: by.meta } : {}) } },
        AnyResult,
        {
          signal: active.controller.signal,
          timeout: timeoutMs,
          // Progress keeps a call alive, but never past the total cap.
          resetTimeoutOnProgress: true,
          maxTotalTimeout: maxTotalTimeoutMs,
          // Passing onprogress is what makes the SDK attach _meta.progressToken; frames are recorded anyway.
          onprogress: by.onProgress
            ? (p: { progress: number; total?: number; message?: string }) =>
                by.onProgress!({ progress: p.progress, total: p.total, message: p.message })
            : () => undefined,
          ...(paramHeaders ? { headers: paramHeaders } : {}),
        },
      );
    } finally {
      unwatch?.();
    }
    if (!started) this.publish(conn, record);
    let outcome: Outcome;
    try {
      const result = await pending;
      outcome = { status: result.isError === true ? "tool_error" : "ok", result };
    } catch (error) {
      outcome = await this.failure(conn, gen, record, active, error);
    } finally {
      this.active.delete(key);
      unwatchResponse?.();
      by.signal?.removeEventListener("abort", onCallerAbort);
    }
    const final: CallRecord = { ...record, ...outcome, endedAt: Date.now() };
    if (by.recordAfterAnswer) {
      const writing = answeredBeforeWritten(final.id);
      afterThisTurn(() => {
        writing();
        this.publish(conn, final, response);
      });
    } else this.publish(conn, final, response);
    return final;
  }

  /** Aborting makes the SDK send notifications/cancelled and reject the pending request. */
  cancel(connectionId: string, callId: string, reason?: string): void {
    const active = this.active.get(`${connectionId}:${callId}`);
    if (!active) throw new AppError("not_found:call", `No running call "${callId}"`);
    active.cancelReason = reason ?? "Cancelled by the user";
    active.controller.abort(active.cancelReason);
  }

  private async failure(conn: ConnectionHandle, gen: number, record: CallRecord, active: ActiveCall, thrown: unknown): Promise<Outcome> {
    const error = toMcpError(thrown);
    const fail = (status: CallRecord["status"], body: AppErrorBody): Outcome => ({ status, error: body });
    if (active.cancelReason !== null) {
      return fail("cancelled", { code: "cancelled:call", message: active.cancelReason });
    }
    // Tasks extension (SEP-2663): with tasks declared, the server may make any call a task. Nothing
    // failed: the call's answer is the task, followed in the Tasks tab (its result arrives there).
    if (isTaskResultError(thrown) && record.requestId !== null) {
      const task = getTaskManager().adoptCallTask(conn, record.requestId, record.tool, record.args);
      if (task) return { status: "task", taskId: task.taskId };
    }
    const closed = gen !== conn.generation;
    // Failed locally by the recording transport: the server restarted and forgot the session.
    if (error instanceof McpError && (error.data as { loupe?: unknown } | undefined)?.loupe === "session_lost") {
      return fail("failed", { code: "upstream:session_lost", message: sessionLostMessage("tools/call") });
    }
    // The answer was larger than Loupe reads from a stdio server: said in words by the framing.
    const data = error instanceof McpError ? (error.data as { loupe?: unknown; maxTotalTimeout?: unknown } | undefined) : undefined;
    if (error instanceof McpError && data?.loupe === "message_too_large") {
      return fail("failed", { code: "upstream:message_too_large", message: stripRpcPrefix(error.message), details: data });
    }
    if (error instanceof McpError && !(closed && error.code === ErrorCode.ConnectionClosed)) {
      const details = { code: error.code, data: error.data };
      if (error.code === ErrorCode.RequestTimeout && data?.maxTotalTimeout !== undefined) {
        const message = `No result within ${record.maxTotalTimeoutMs} ms in total: progress resets the ${record.timeoutMs} ms timeout, but not this cap`;
        // The SDK sends notifications/cancelled for a plain timeout but not for the total cap.
        const requestId = record.requestId;
        if (requestId !== null && !closed) {
          void conn.client
            ?.notification({ method: "notifications/cancelled", params: { requestId, reason: message } })
            .catch(() => undefined);
        }
        return fail("timeout", { code: "timeout:call", message, details });
      }
      if (error.code === ErrorCode.RequestTimeout) {
        const message = `No response from the server within ${record.timeoutMs} ms`;
        return fail("timeout", { code: "timeout:call", message, details });
      }
      return fail("rpc_error", { code: "upstream:rpc_error", message: rpcErrorText(error.message), details });
    }
    if (closed) {
      // Let the child's last stderr lines and its exit code arrive before describing the failure.
      await nextTick();
      const message = conn.cutOffMessage(gen);
      const details = { stderrTail: conn.state.stderrTail };
      return fail("failed", { code: "upstream:connection_closed", message, details });
    }
    // A remote that went away surfaces as a fetch failure, not as a transport close.
    if (error instanceof TypeError) {
      const words = describeNetworkError(error);
      conn.markLost(`The server stopped answering: ${words}`);
      return fail("failed", { code: "upstream:unreachable", message: `The call could not reach the server: ${words}` });
    }
    // An HTTP failure in words (a proxy's HTML error page by its title); its raw text is in Traffic.
    return fail("failed", { code: "upstream:call_failed", message: httpFailureWords(error) });
  }
}

/**
 * SEP-2243: on a 2026-07-28 connection over HTTP, the arguments the tool's schema marks with
 * `x-mcp-header` also travel as `Mcp-Param-*` headers (the listed schema, listed once if needed).
 */
function carriesParamHeaders(conn: ConnectionHandle): boolean {
  return conn.config.transport !== "stdio" && conn.requireClient().getProtocolEra() === "modern";
}

async function paramHeadersFor(conn: ConnectionHandle, body: CallToolBody): Promise<Record<string, string> | undefined> {
  const listing = await conn.listTools().catch(() => undefined);
  const tool = listing?.tools.find((t) => t.name === body.name);
  const scan = tool ? scanParamHeaders(tool.inputSchema) : undefined;
  if (!scan?.ok || scan.headers.length === 0) return undefined;
  const headers = paramHeaderValues(scan.headers, body.arguments);
  return Object.keys(headers).length > 0 ? headers : undefined;
}
