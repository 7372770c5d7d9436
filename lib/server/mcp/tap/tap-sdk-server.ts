import "server-only";
import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import type { Implementation, ServerContext, ServerOptions, Transport } from "@modelcontextprotocol/server";
import { routeByShape } from "@/lib/server/mcp/jsonrpc-shape";
import { relayHandler } from "@/lib/server/mcp/tap/sdk-relay";
import type { Relayed } from "@/lib/server/mcp/tap/sdk-relay";
import type { TappedCallParams } from "@/lib/server/mcp/tap/tap-call";
import type { TapEra } from "@/lib/server/mcp/tap/tap-scope";
import { isRecord } from "@/lib/values";

type Handler = Parameters<Server["_wrapHandler"]>[1];
/** The tap's tools/call handler, as tap-server.ts registers it. */
export type TapCallHandler = (request: { params: TappedCallParams }, ctx: ServerContext) => Promise<Relayed>;

/** Carries a CreateTaskResult past the SDK's tools/call result validation (which wants a CallToolResult). */
class TaskAnswer extends Error {
  constructor(readonly result: Record<string, unknown>) {
    super("task answer");
  }
}

/**
 * The tap's SDK Server (issue 23: the tap's per-call cost).
 * - Messages are dispatched by shape: the tap's transports hand it only messages that passed the
 *   SDK's JSON-RPC schema, checked by shape (rpc-shape.ts), so the SDK's zod type guards (three
 *   parses of every incoming request, two of them failing) are not run again.
 * - tools/call: answered with a CreateTaskResult, it goes out as the upstream sent it (the SDK
 *   validates every tools/call result as a CallToolResult and would add `content: []` to a task or
 *   refuse one carrying `inputRequests`); any other 2026-07-28 result is still validated. On
 *   2025-11-25 (no tasks, no input rounds) the call's params are checked by shape and its result,
 *   the upstream's as Loupe's client received it (or Loupe's own isError result), is relayed
 *   without a parse; params that fail the shape check get the SDK's own validation and words.
 */
export class TapServer extends Server {
  private callHandler: TapCallHandler | undefined;

  constructor(
    info: Implementation,
    options: ServerOptions,
    private readonly era: TapEra,
  ) {
    super(info, options);
  }

  override async connect(transport: Transport): Promise<void> {
    const before = transport.onmessage;
    await super.connect(transport);
    routeByShape(transport, before, {
      request: (message, extra) => this["_onrequest"](message, extra),
      notification: (message, extra) => this._onnotification(message, extra),
      response: (message) => this._onresponse(message),
    });
  }

  /** Registers the tap's tools/call handler (the one method whose params the tap checks by shape). */
  relayCall(handler: TapCallHandler): void {
    this.callHandler = handler;
    relayHandler(this, "tools/call", handler);
  }

  protected override _wrapHandler(method: string, handler: Handler): ReturnType<Server["_wrapHandler"]> {
    if (method !== "tools/call") return super._wrapHandler(method, handler);
    if (this.era === "legacy") return relayedCall(handler, this.callHandler);
    const wrapped = super._wrapHandler(method, async (request, ctx) => {
      const result = await handler(request, ctx);
      if (result.resultType === "task") throw new TaskAnswer(result);
      return result;
    });
    return async (request, ctx) => {
      try {
        return await wrapped(request, ctx);
      } catch (thrown) {
        if (thrown instanceof TaskAnswer) return thrown.result;
        throw thrown;
      }
    };
  }
}

/** 2025-11-25 tools/call params as the SDK's CallToolRequestParamsSchema takes them (`_meta` was checked with the message). */
function isCallParams(params: unknown): params is TappedCallParams {
  if (!isRecord(params) || typeof params.name !== "string") return false;
  if (params.arguments !== undefined && !isRecord(params.arguments)) return false;
  const task = params.task;
  return task === undefined || (isRecord(task) && (task.ttl === undefined || (typeof task.ttl === "number" && Number.isFinite(task.ttl))));
}

/**
 * A 2025-11-25 tools/call: params of the right shape go to the tap's handler as they came, others
 * through the SDK's validation (`validated`, its words); the relayed result is given `content: []`
 * when it had none, as the SDK does.
 */
function relayedCall(validated: Handler, direct: TapCallHandler | undefined): ReturnType<Server["_wrapHandler"]> {
  return async (request, ctx) => {
    const params = request.params;
    if (!isRecord(params) || typeof params.name !== "string" || (params.arguments !== undefined && !isRecord(params.arguments)))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Invalid tools/call request: params need a name (a string) and arguments (an object) if any",
      );
    const result = direct && isCallParams(params) ? await direct({ params }, ctx) : await validated(request, ctx);
    return result.content === undefined ? { ...result, content: [] } : result;
  };
}
