import type {
  CallToolResult,
  GetPromptResult,
  InputRequiredResult,
  LoggingLevel,
  Prompt,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Resource,
  ServerCapabilities,
  ServerContext,
  Tool,
} from "@modelcontextprotocol/server";
import type { TaskSpec } from "./tasks/task-spec";

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
  /**
   * What the client declared: in initialize on a 2025-11-25 connection, in the request's `_meta`
   * envelope on 2026-07-28. Undefined when nothing was declared.
   */
  clientCapabilities(): Record<string, unknown> | undefined;
  /** "modern" for a 2026-07-28 request, "legacy" for a 2025-11-25 connection. */
  era: "modern" | "legacy";
  /**
   * Answers to the input this tool asked for on an earlier round (multi round-trip, MRTR), keyed
   * by the names the tool gave its input requests. On 2026-07-28 the client re-sends the call with
   * them; on 2025-11-25 the SDK's shim gets them through elicitation/create or
   * sampling/createMessage requests tied to this call and re-enters the handler. Untrusted input.
   */
  inputResponses?: Record<string, unknown>;
  /** The payload this tool sealed into requestState on the previous round (HMAC-verified, see server.ts). */
  requestState<T = unknown>(): T | undefined;
  /** Seals a payload into a signed requestState string for an input-required result. */
  mintState(payload: unknown): Promise<string>;
  /** The SDK's own request context, for code written against McpServer callbacks (registrations.ts). */
  request: ServerContext;
}

/** What a tool handler may return: a result, or a request for more input (MRTR). */
export type ToolOutcome = CallToolResult | InputRequiredResult;

/**
 * One tool: its wire definition and its handler. Arguments reach the handler only after they
 * validated against `definition.inputSchema` (with defaults filled in), so handlers may read
 * them through a typed view instead of re-checking every field.
 */
export interface DemoTool {
  definition: Tool;
  handler(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome>;
  /** Present when the tool can run as a task (Tasks extension, see tasks/task-tools.ts and tasks/task-spec.ts). */
  task?: TaskSpec;
}

/** Builds a DemoTool whose handler sees its validated arguments as `A`. */
export function defineTool<A>(definition: Tool, handler: (args: A, ctx: ToolContext) => Promise<ToolOutcome> | ToolOutcome): DemoTool {
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

/** A reference in completion/complete: a prompt by name or a resource template by URI template. */
export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/** A resource template as listed on the wire (the SDK's `ResourceTemplate` is its McpServer class). */
export type ResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];

/** Resources one module serves; `read` answers undefined for a URI that is not its own. */
export interface ResourceProvider {
  list(): Resource[];
  templates: ResourceTemplate[];
  read(
    uri: string,
    ctx: ServerContext,
  ): Promise<ReadResourceResult | InputRequiredResult | undefined> | ReadResourceResult | InputRequiredResult | undefined;
  complete?(ref: CompletionRef, argument: string, value: string): string[];
}

/** Prompts one module serves; `get` answers undefined for a name that is not its own. */
export interface PromptProvider {
  prompts: Prompt[];
  get(
    name: string,
    args: Record<string, string>,
    ctx: ServerContext,
  ): Promise<GetPromptResult | InputRequiredResult | undefined> | GetPromptResult | InputRequiredResult | undefined;
  complete?(ref: CompletionRef, argument: string, value: string): string[];
}

/** One feature of the demo server: its tools, resources and prompts (see demoModules in server.ts). */
export interface DemoModule {
  tools?: DemoTool[];
  resources?: ResourceProvider;
  prompts?: PromptProvider;
  /** Merged into the server's capabilities (e.g. an `extensions` entry for MCP Apps). */
  capabilities?: ServerCapabilities;
}
