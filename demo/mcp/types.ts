import type {
  CallToolResult,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  LoggingLevel,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";

/** A JSON Schema object as written by hand in the tool definitions. */
export type JsonSchema = Record<string, unknown>;

/** What a tool handler may do besides returning its result. */
export interface ToolContext {
  /** Aborted when the client sends notifications/cancelled for this request. */
  signal: AbortSignal;
  /** Present only when the request carried `_meta.progressToken`. */
  progressToken?: string | number;
  sendProgress(progress: number, total: number, message?: string): Promise<void>;
  log(level: LoggingLevel, logger: string, data: unknown): Promise<void>;
  /** What the client declared in initialize (sampling, elicitation, roots…), or undefined. */
  clientCapabilities(): Record<string, unknown> | undefined;
  /** Asks the client's user through elicitation/create (form mode), tied to this call. */
  elicit(params: ElicitRequestFormParams): Promise<ElicitResult>;
  /** Asks the client's model through sampling/createMessage, tied to this call. */
  sample(params: CreateMessageRequest["params"]): Promise<CreateMessageResult>;
}

/**
 * One tool: its wire definition and its handler. Arguments reach the handler only after they
 * validated against `definition.inputSchema` (with defaults filled in), so handlers may read
 * them through a typed view instead of re-checking every field.
 */
export interface DemoTool {
  definition: Tool;
  handler(args: Record<string, unknown>, ctx: ToolContext): Promise<CallToolResult>;
}

/** Builds a DemoTool whose handler sees its validated arguments as `A`. */
export function defineTool<A>(
  definition: Tool,
  handler: (args: A, ctx: ToolContext) => Promise<CallToolResult> | CallToolResult,
): DemoTool {
  return {
    definition,
    // The cast is backed by the ajv check in server.ts, which runs before every handler.
    handler: async (args, ctx) => handler(args as A, ctx),
  };
}

/** A one-block text result, the most common shape. */
export function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

/** Small deterministic hash so demo data is stable across runs (FNV-1a, 32 bit). */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
