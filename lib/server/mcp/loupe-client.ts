import "server-only";
import { Client, LOG_LEVEL_META_KEY, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import type { LoggingLevel } from "@modelcontextprotocol/client";
import type {
  ClientCapabilities,
  ClientContext,
  ClientOptions,
  ConnectOptions,
  Implementation,
  JSONRPCRequest,
  Result,
  Transport,
} from "@modelcontextprotocol/client";
import { routeByShape } from "@/lib/server/mcp/jsonrpc-shape";

type Handler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

function isTaskAugmented(request: JSONRPCRequest): boolean {
  const task = (request.params as { task?: unknown } | undefined)?.task;
  return typeof task === "object" && task !== null && !Array.isArray(task);
}

/**
 * The SDK v2 Client with 2025-11-25 task-augmented sampling / elicitation kept working: the SDK
 * validates every sampling/elicitation answer as a plain result, which refuses the CreateTaskResult
 * Loupe answers a task-augmented request with. Those requests go to Loupe's handler directly —
 * only when the connection declared them (tasks.requests); otherwise they are refused in words.
 */
export class LoupeClient extends Client {
  private readonly declared: ClientCapabilities;
  /**
   * 2026-07-28 has no logging/setLevel: a server sends log notifications for a request only when
   * its `_meta` names a level. The level the user picked rides every request of the session.
   */
  requestLogLevel: LoggingLevel | undefined;

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!envelope || this.requestLogLevel === undefined) return envelope;
    return { ...envelope, [LOG_LEVEL_META_KEY]: this.requestLogLevel };
  }

  constructor(info: Implementation, options: ClientOptions & { capabilities: ClientCapabilities }) {
    super(info, options);
    this.declared = options.capabilities;
  }

  /**
   * Once connected, messages are dispatched by shape (jsonrpc-shape.ts; issue 23): the SDK's
   * dispatch ran zod type guards on each, and a notification failed three before the fourth.
   * A message of another shape still goes the SDK's way, which reports it.
   */
  override async connect(transport: Transport, options?: ConnectOptions): Promise<void> {
    const before = transport.onmessage;
    await super.connect(transport, options);
    routeByShape(transport, before, {
      request: (message, extra) => this["_onrequest"](message, extra),
      notification: (message, extra) => this._onnotification(message, extra),
      response: (message) => this._onresponse(message),
    });
  }

  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== "sampling/createMessage" && method !== "elicitation/create") return wrapped;
    return async (request, ctx) => {
      if (!isTaskAugmented(request)) return wrapped(request, ctx);
      const requests = (this.declared as { tasks?: { requests?: Record<string, Record<string, unknown> | undefined> } }).tasks?.requests;
      const [group, verb] = method.split("/") as [string, string];
      if (!requests?.[group]?.[verb]) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Loupe does not accept ${method} as a task on this connection (tasks are off in its client capabilities)`,
        );
      }
      return handler(request, ctx);
    };
  }
}
